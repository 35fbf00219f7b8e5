import Foundation
import Ravioli

// Scenario 14: a registration that replaces another, while many threads that have resolved
// are alive and idle. A replacement waits until no thread can still be reading what it took
// out of reach, and looks at what each thread protects: its cost grows with the threads.

/// Microseconds per replacing registration with `threads` idle threads that each resolved
/// once, and with none besides the measuring one.
func microsecondsPerReplacement(threads count: Int) -> (idle: Double, alone: Double) {
  let container = Ravioli.Container(name: "replacements")
  container.register { () -> Service in Service() }
  let alone = timeReplacements(in: container)
  let resolved = DispatchSemaphore(value: 0)
  let finish = DispatchSemaphore(value: 0)
  var threads: [Thread] = []
  for _ in 0..<count {
    let thread = Thread {
      _ = try? container.resolve() as Service
      resolved.signal()
      finish.wait()
    }
    thread.start()
    threads.append(thread)
  }
  for _ in 0..<count { resolved.wait() }
  let idle = timeReplacements(in: container)
  for _ in 0..<count { finish.signal() }
  return (idle, alone)
}

/// The median time of a replacing registration, in microseconds.
private func timeReplacements(in container: Ravioli.Container) -> Double {
  var samples: [Double] = []
  for _ in 0..<9 {
    let start = DispatchTime.now().uptimeNanoseconds
    for _ in 0..<200 {
      container.register(replacing: true) { () -> Service in Service() }
    }
    samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 200 / 1_000)
  }
  return samples.sorted()[samples.count / 2]
}
