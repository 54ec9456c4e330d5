import Foundation

/// Passes batches from one thread to another, in order, with at most ``capacity`` batches
/// waiting: a streamed conversion reads on its own thread while another validates and
/// writes what was read, so the two halves of the work overlap on two cores.
///
/// The side that takes may stop early (an error, or a reader of the output that went
/// away): the side that puts then learns it at its next ``put(_:)``, which throws
/// ``Stopped``.
final class ItemHandoff<Batch>: @unchecked Sendable {
    /// Thrown by ``put(_:)`` once the taking side has stopped.
    struct Stopped: Error {}

    private let condition = NSCondition()
    private var batches: [Batch] = []
    private var head = 0
    private let capacity: Int
    private var closed = false
    private var stopped = false

    init(capacity: Int = 4) {
        self.capacity = capacity
    }

    /// Adds `batch`, waiting while ``capacity`` batches wait already.
    func put(_ batch: Batch) throws {
        condition.lock()
        defer { condition.unlock() }
        while batches.count - head >= capacity && !stopped { condition.wait() }
        if stopped { throw Stopped() }
        batches.append(batch)
        condition.broadcast()
    }

    /// No more batches will come.
    func close() {
        condition.lock()
        closed = true
        condition.broadcast()
        condition.unlock()
    }

    /// The next batch, waiting for it; `nil` once the putting side has closed and every
    /// batch was taken, or after ``stop()``.
    func take() -> Batch? {
        condition.lock()
        defer { condition.unlock() }
        while head == batches.count && !closed && !stopped { condition.wait() }
        guard !stopped, head < batches.count else { return nil }
        let batch = batches[head]
        head += 1
        if head == batches.count {
            batches.removeAll(keepingCapacity: true)
            head = 0
        }
        condition.broadcast()
        return batch
    }

    /// The taking side takes no more: what waits is dropped, and the next put throws.
    func stop() {
        condition.lock()
        stopped = true
        batches.removeAll()
        head = 0
        condition.broadcast()
        condition.unlock()
    }
}
