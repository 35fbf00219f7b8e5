import AllocationCounter
import Dispatch
import Foundation

/// An object that no measured value is; the optimizer cannot know that, since it is made
/// only when an environment variable says so (it never does).
let sentinel: Sentinel? =
  ProcessInfo.processInfo.environment["RAVIOLI_BENCHMARK_SENTINEL"] == nil ? nil : Sentinel()
final class Sentinel: Sendable {}

/// Consumes a measured result: the comparison with `sentinel` is a side effect the
/// optimizer cannot rule out, so the loop that makes the result cannot be removed. It costs
/// a call and a comparison, the same in every measurement.
@inline(never)
func blackHole(_ object: AnyObject) {
  if object === sentinel { fatalError("a measured value was the sentinel") }
}

/// The median time of one `operation`, in nanoseconds: samples of about 20 ms each, after a
/// warm-up.
@inline(__always)
func nanosecondsPerOperation(_ operation: () -> Void) -> Double {
  for _ in 0..<2_000 { operation() }
  var iterations = 1_000
  while time(iterations, operation) < 20_000_000 {
    // A loop that takes no time at all was optimized away: a broken measurement.
    precondition(iterations < 1 << 32, "the measured operation was optimized away")
    iterations *= 2
  }
  let samples = (0..<11).map { _ in Double(time(iterations, operation)) / Double(iterations) }
  return samples.sorted()[samples.count / 2]
}

/// The median time of one `operation` that itself takes up to milliseconds, in
/// milliseconds: samples of at least 20 ms each, after a warm-up of as long. Unlike
/// ``nanosecondsPerOperation(_:)``, it starts from one operation per sample, not 1,000,
/// which for a 10 ms operation would make each sample last 10 seconds.
func millisecondsPerOperation(_ operation: () -> Void) -> Double {
  let warmUp = DispatchTime.now().uptimeNanoseconds
  repeat { operation() } while DispatchTime.now().uptimeNanoseconds - warmUp < 20_000_000
  var iterations = 1
  while time(iterations, operation) < 20_000_000 {
    precondition(iterations < 1 << 32, "the measured operation was optimized away")
    iterations *= 2
  }
  let samples = (0..<11).map { _ in Double(time(iterations, operation)) / Double(iterations) }
  return samples.sorted()[samples.count / 2] / 1_000_000
}

/// ``nanosecondsPerOperation(_:)`` for an operation that is awaited.
func nanosecondsPerAwaitedOperation(_ operation: () async -> Void) async -> Double {
  for _ in 0..<2_000 { await operation() }
  var iterations = 1_000
  while await time(iterations, operation) < 20_000_000 {
    precondition(iterations < 1 << 32, "the measured operation was optimized away")
    iterations *= 2
  }
  var samples: [Double] = []
  for _ in 0..<11 {
    samples.append(Double(await time(iterations, operation)) / Double(iterations))
  }
  return samples.sorted()[samples.count / 2]
}

/// The median wall time per operation of two threads doing `operation` at once, each as
/// often as one thread does in about 20 ms: aggregate time per operation.
func nanosecondsPerOperationOnTwoThreads(_ operation: @escaping @Sendable () -> Void) -> Double {
  let single = nanosecondsPerOperation(operation)
  let iterations = max(10_000, Int(20_000_000 / single))
  let samples = (0..<7).map { _ -> Double in
    let ready = DispatchGroup()
    let done = DispatchGroup()
    let start = DispatchSemaphore(value: 0)
    for _ in 0..<2 {
      ready.enter()
      done.enter()
      Thread {
        ready.leave()
        start.wait()
        for _ in 0..<iterations { operation() }
        done.leave()
      }.start()
    }
    ready.wait()
    let began = DispatchTime.now().uptimeNanoseconds
    start.signal()
    start.signal()
    done.wait()
    let elapsed = DispatchTime.now().uptimeNanoseconds - began
    return Double(elapsed) / Double(2 * iterations)
  }
  return samples.sorted()[samples.count / 2]
}

/// Heap allocations per `operation`, or `nil` where they cannot be counted.
func allocationsPerOperation(_ operation: () -> Void) -> Double? {
  guard allocation_counting_is_supported() != 0 else { return nil }
  for _ in 0..<1_000 { operation() }
  let count = 10_000
  let before = allocation_count()
  for _ in 0..<count { operation() }
  return Double(allocation_count() - before) / Double(count)
}

/// Heap bytes per registration that `register` makes, or `nil` where they cannot be read.
func bytesPerRegistration(count: Int, _ register: (Int) -> Void) -> Double? {
  guard allocation_counting_is_supported() != 0 else { return nil }
  let before = allocated_bytes()
  for index in 0..<count { register(index) }
  return (Double(allocated_bytes()) - Double(before)) / Double(count)
}

@inline(__always)
private func time(_ iterations: Int, _ operation: () -> Void) -> UInt64 {
  let start = DispatchTime.now().uptimeNanoseconds
  for _ in 0..<iterations { operation() }
  return DispatchTime.now().uptimeNanoseconds - start
}

private func time(_ iterations: Int, _ operation: () async -> Void) async -> UInt64 {
  let start = DispatchTime.now().uptimeNanoseconds
  for _ in 0..<iterations { await operation() }
  return DispatchTime.now().uptimeNanoseconds - start
}

/// Lets a value that is safe to share, but not marked `Sendable` (a Swinject resolver made
/// thread-safe with `synchronize()`), cross into a thread.
struct SharedAcrossThreads<Value>: @unchecked Sendable {
  let value: Value
}
