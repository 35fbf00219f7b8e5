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

// Scenario 14b: the same while threads run the registration that is replaced, parked deep in
// nested resolutions. The replacement keeps what those threads protect; each thread, when it
// leaves a level, takes its own protection off what was kept, and the last lets it go.

/// The median time of a replacing registration (µs) while `count` threads are parked `depth`
/// resolutions deep inside the registration it replaces, and of the threads' unwinding once
/// let go (ms, from the first signal until every thread has returned), over `runs` runs.
func parkedReplacement(threads count: Int, depth: Int, runs: Int = 5)
  -> (replacement: Double, unwinding: Double)
{
  var replacements: [Double] = []
  var unwindings: [Double] = []
  for _ in 0..<runs {
    let container = Ravioli.Container(name: "parked")
    let parked = DispatchSemaphore(value: 0)
    let letGo = DispatchSemaphore(value: 0)
    let returned = DispatchGroup()
    for level in 0..<depth {
      container.register(alternative: RegistrationAlternative("level-\(level)")) {
        [unowned container] () -> Int in
        guard level < depth - 1 else {
          parked.signal()
          letGo.wait()
          return 0
        }
        let next: Int = try container.resolve(
          alternative: RegistrationAlternative("level-\(level + 1)"))
        return next + 1
      }
    }
    for _ in 0..<count {
      returned.enter()
      Thread {
        _ = try? container.resolve(alternative: RegistrationAlternative("level-0")) as Int
        returned.leave()
      }.start()
    }
    for _ in 0..<count { parked.wait() }
    let start = DispatchTime.now().uptimeNanoseconds
    container.register(alternative: RegistrationAlternative("level-0"), replacing: true) {
      () -> Int in 0
    }
    let replaced = DispatchTime.now().uptimeNanoseconds
    for _ in 0..<count { letGo.signal() }
    returned.wait()
    let unwound = DispatchTime.now().uptimeNanoseconds
    replacements.append(Double(replaced - start) / 1_000)
    unwindings.append(Double(unwound - replaced) / 1_000_000)
  }
  return (replacements.sorted()[runs / 2], unwindings.sorted()[runs / 2])
}
