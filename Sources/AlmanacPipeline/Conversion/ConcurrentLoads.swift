import AlmanacCore
import Dispatch

/// Reads and decodes small inputs several at a time, one per core: a folder of two
/// thousand recipes is read in about half the time on two cores. The loads touch nothing
/// shared; their results come back in input order, so what is merged, reported and thrown
/// is what reading them one after another gives.
///
/// Memory holds at most ``batchLimit`` small inputs at once: a file of a batch that turns
/// out larger than ``smallFileLimit`` (or no regular file) is not read with the others but
/// alone after them (``InputReader``); standard input and a group read as one (a calendar
/// folder) are loaded alone, as before.
enum ConcurrentLoads {
    /// The most inputs loaded in one batch.
    static let batchLimit = 16
    /// The largest file loaded beside others.
    static let smallFileLimit = 4 << 20

    /// The groups at the front of `groups` to load together: up to ``batchLimit`` files
    /// each read alone, else the first alone. Their sizes are found when they are opened:
    /// asking for them here first cost a `stat` a file.
    static func batch(_ groups: ArraySlice<Range<Int>>, of inputs: [ConversionInput]) -> ArraySlice<Range<Int>> {
        var end = groups.startIndex
        while end < groups.endIndex, end - groups.startIndex < batchLimit, groups[end].count == 1, inputs[groups[end].lowerBound].path != nil {
            end += 1
        }
        return groups[groups.startIndex..<max(end, groups.startIndex + 1)]
    }

    /// `load` of each of `inputs`, on every core when there are several; in order.
    static func run<Input: Sendable, Output: Sendable>(_ inputs: [Input], _ load: @escaping @Sendable (Input) throws -> Output) -> [Result<Output, any Error>] {
        guard inputs.count > 1 else { return inputs.map { input in Result { try load(input) } } }
        let slots = Slots<Result<Output, any Error>>(count: inputs.count)
        DispatchQueue.concurrentPerform(iterations: inputs.count) { index in
            slots.set(index, Result { try load(inputs[index]) })
        }
        return slots.values()
    }

    /// One place per load, each written by one thread; read once every load is done.
    private final class Slots<Value>: @unchecked Sendable {
        private let buffer: UnsafeMutableBufferPointer<Value?>

        init(count: Int) {
            buffer = .allocate(capacity: count)
            buffer.initialize(repeating: nil)
        }

        deinit {
            buffer.deinitialize()
            buffer.deallocate()
        }

        func set(_ index: Int, _ value: Value) {
            buffer[index] = value
        }

        func values() -> [Value] {
            buffer.map { $0! }
        }
    }
}
