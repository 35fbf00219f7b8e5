import AllocationCounter
import Dispatch
import Foundation
import OpaqueSink

// What a timed loop holds, for every row alike: the operation's own code, inlined into the
// loop (the measuring functions are inlined where they are called, and the operation with
// them), the loop's count and branch, and `blackHole` for each result. No closure is called
// through a context, no existential opened, no array appended to, no clock read inside it:
// clocks are read once before and once after each sample. The "harness overhead" lines of
// the report measure what is left, an operation that does nothing but `blackHole` an object
// already held.

/// Consumes a measured result, so that the optimizer cannot remove the work that made it.
///
/// The object goes, alive, to code the Swift optimizer cannot see: this function is not
/// inlined, and it hands the object's address to `opaque_sink`, a C function compiled apart
/// that does nothing. So the optimizer keeps the call and what made its argument (the object
/// escapes: a new one stays on the heap), and must keep the object alive across a call that,
/// for all it knows, may change anything: a reference read from a variable is retained for
/// the call and released after it, as it would be for any function the optimizer cannot see
/// into. The sink itself costs a call, a jump and a return; it retains, releases and writes
/// nothing, so two threads sinking at once share no cache line through it.
///
/// (Handing the address alone, from an inlined function, would cost one jump less but would
/// not keep the object alive: a stored-property read would then skip the retain and release
/// that any call the optimizer cannot see into makes it do. `withExtendedLifetime` would keep it
/// alive, but its closure stays a call through a context.)
@inline(never)
func blackHole(_ object: AnyObject) {
  opaque_sink(Unmanaged.passUnretained(object).toOpaque())
}

/// The median time of one `operation`, in nanoseconds: 11 samples of about 20 ms each, after
/// a warm-up. Always inlined, so that each sample's loop runs `operation`'s code directly.
@inline(__always)
func nanosecondsPerOperation(_ operation: () -> Void) -> Double {
  for _ in 0..<2_000 { operation() }
  var iterations = 1_000
  while time(iterations, operation) < 20_000_000 {
    // A loop that takes no time at all was optimized away: a broken measurement.
    precondition(iterations < 1 << 32, "the measured operation was optimized away")
    iterations *= 2
  }
  var samples = [Double](repeating: 0, count: 11)
  for sample in samples.indices {
    samples[sample] = Double(time(iterations, operation)) / Double(iterations)
  }
  return median(samples)
}

/// The median times of one `operation` and of one `baseline`, in nanoseconds, measured in
/// alternating samples (11 of each, about 20 ms each, after a warm-up of both), so that both
/// see the machine as it is during the same second: on a shared machine, whose speed moves
/// from one second to the next, two rows measured apart can differ by a third, and their
/// ratio with them. The target rows' pairs are measured this way. Always inlined, as
/// ``nanosecondsPerOperation(_:)``.
@inline(__always)
func nanosecondsPerOperation(
  _ operation: () -> Void, alternatingWith baseline: () -> Void
) -> (operation: Double, baseline: Double) {
  for _ in 0..<2_000 {
    operation()
    baseline()
  }
  let operationIterations = iterationsPerSample(operation)
  let baselineIterations = iterationsPerSample(baseline)
  var operationSamples = [Double](repeating: 0, count: 11)
  var baselineSamples = [Double](repeating: 0, count: 11)
  for sample in operationSamples.indices {
    operationSamples[sample] =
      Double(time(operationIterations, operation)) / Double(operationIterations)
    baselineSamples[sample] =
      Double(time(baselineIterations, baseline)) / Double(baselineIterations)
  }
  return (median(operationSamples), median(baselineSamples))
}

/// The median times of `operation` on each of `subjects`, in nanoseconds, measured in
/// alternating samples (11 on each, about 20 ms each, after a warm-up of all), so that all
/// see the machine as it is during the same seconds. Scenario 6's rows, which its targets
/// compare, are measured this way: the same code, on containers of three sizes. Always
/// inlined, as ``nanosecondsPerOperation(_:)``.
@inline(__always)
func nanosecondsPerOperation<Subject>(
  on subjects: [Subject], _ operation: (Subject) -> Void
) -> [Double] {
  for subject in subjects {
    for _ in 0..<2_000 { operation(subject) }
  }
  let iterations = subjects.map { subject in iterationsPerSample { operation(subject) } }
  var samples = [[Double]](repeating: [], count: subjects.count)
  for _ in 0..<11 {
    for (index, subject) in subjects.enumerated() {
      let nanoseconds = time(iterations[index]) { operation(subject) }
      samples[index].append(Double(nanoseconds) / Double(iterations[index]))
    }
  }
  return samples.map(median)
}

/// How many `operation`s a sample of about 20 ms takes.
@inline(__always)
private func iterationsPerSample(_ operation: () -> Void) -> Int {
  var iterations = 1_000
  while time(iterations, operation) < 20_000_000 {
    // A loop that takes no time at all was optimized away: a broken measurement.
    precondition(iterations < 1 << 32, "the measured operation was optimized away")
    iterations *= 2
  }
  return iterations
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
  var samples = [Double](repeating: 0, count: 11)
  for sample in samples.indices {
    samples[sample] = Double(time(iterations, operation)) / Double(iterations)
  }
  return median(samples) / 1_000_000
}

/// ``nanosecondsPerOperation(_:)`` for an operation that is awaited; inlined as it is.
@inline(__always)
func nanosecondsPerAwaitedOperation(_ operation: () async -> Void) async -> Double {
  for _ in 0..<2_000 { await operation() }
  var iterations = 1_000
  while await time(iterations, operation) < 20_000_000 {
    precondition(iterations < 1 << 32, "the measured operation was optimized away")
    iterations *= 2
  }
  var samples = [Double](repeating: 0, count: 11)
  for sample in samples.indices {
    samples[sample] = Double(await time(iterations, operation)) / Double(iterations)
  }
  return median(samples)
}

/// An operation that two threads run at once. A type of its own rather than a closure: a
/// thread's body must escape, and a closure called from one would be called through its
/// context on every iteration; ``nanosecondsPerOperationOnTwoThreads(_:)`` is instead
/// specialized for each conforming type, and its loop calls (and inlines) `callAsFunction`.
protocol ConcurrentOperation: Sendable {
  func callAsFunction()
}

/// The median wall time per operation of two threads doing `operation` at once, each as
/// often as one thread does in about 20 ms: aggregate time per operation. The threads are
/// made and waiting before the clock starts.
func nanosecondsPerOperationOnTwoThreads<Operation: ConcurrentOperation>(
  _ operation: Operation
) -> Double {
  let single = nanosecondsPerOperation { operation() }
  let iterations = max(10_000, Int(20_000_000 / single))
  var samples = [Double](repeating: 0, count: 7)
  for sample in samples.indices {
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
    samples[sample] = Double(elapsed) / Double(2 * iterations)
  }
  return median(samples)
}

/// Heap allocations per `operation`, or `nil` where they cannot be counted. Allocations are
/// counted only here: timed loops do not pay for counting.
func allocationsPerOperation(_ operation: () -> Void) -> Double? {
  guard allocation_counting_is_supported() != 0 else { return nil }
  for _ in 0..<1_000 { operation() }
  let count = 10_000
  allocation_counting_set_enabled(1)
  let before = allocation_count()
  for _ in 0..<count { operation() }
  let allocations = allocation_count() - before
  allocation_counting_set_enabled(0)
  return Double(allocations) / Double(count)
}

/// Heap bytes per registration that `register` makes, or `nil` where they cannot be read.
func bytesPerRegistration(count: Int, _ register: (Int) -> Void) -> Double? {
  guard allocation_counting_is_supported() != 0 else { return nil }
  let before = allocated_bytes()
  for index in 0..<count { register(index) }
  return (Double(allocated_bytes()) - Double(before)) / Double(count)
}

private func median(_ samples: [Double]) -> Double {
  samples.sorted()[samples.count / 2]
}

@inline(__always)
private func time(_ iterations: Int, _ operation: () -> Void) -> UInt64 {
  let start = DispatchTime.now().uptimeNanoseconds
  for _ in 0..<iterations { operation() }
  return DispatchTime.now().uptimeNanoseconds - start
}

@inline(__always)
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
