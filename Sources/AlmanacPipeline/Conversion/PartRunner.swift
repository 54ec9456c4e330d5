import Foundation

/// Works through the parts of one input on several threads at once and hands each part's
/// outcome, in part order, to the calling thread.
///
/// The calling thread works too: it reads the next part no one has started while the part
/// it must hand on next is still being read elsewhere. No thread starts a part `window` or
/// more parts after the one being handed on, so that at most `window` outcomes (a part's
/// output bytes each) wait, besides the one being merged. When `merge` throws, the other
/// threads stop after the part they are reading and are waited for before the error goes on.
final class PartRunner<Outcome: Sendable>: @unchecked Sendable {
    // Unchecked: the mutable state below is read and written only with `condition` locked;
    // `work` is `@Sendable` and the outcomes `Sendable`.
    private let condition = NSCondition()
    private let count: Int
    private let window: Int
    private let work: @Sendable (Int) -> Outcome
    /// The next part no thread has started.
    private var nextToStart = 0
    /// The next part to hand on.
    private var nextToMerge = 0
    /// Outcomes ready and not yet handed on, by part.
    private var ready: [Int: Outcome] = [:]
    private var stopped = false
    private var helpersRunning = 0

    /// - Parameter work: reads one part; called on any thread, for each part once.
    init(count: Int, window: Int, work: @escaping @Sendable (Int) -> Outcome) {
        self.count = count
        self.window = max(window, 1)
        self.work = work
    }

    /// Reads every part with `threads` threads (the calling one included) and calls `merge`
    /// with each outcome in part order, on the calling thread.
    func run(threads: Int, merge: (Int, Outcome) throws -> Void) throws {
        let helpers = min(max(threads - 1, 0), count - 1)
        condition.lock()
        helpersRunning = helpers
        condition.unlock()
        for _ in 0..<max(helpers, 0) {
            let thread = Thread { [self] in help() }
            thread.stackSize = 8 << 20
            thread.start()
        }
        defer { stopAndWait() }
        for index in 0..<count {
            try merge(index, outcome(of: index))
        }
    }

    /// The outcome of part `index`, the next to hand on: read here when no thread has
    /// started it; meanwhile, parts further on are read here while it is read elsewhere.
    private func outcome(of index: Int) -> Outcome {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let outcome = ready.removeValue(forKey: index) {
                nextToMerge = index + 1
                condition.broadcast()
                return outcome
            }
            if nextToStart < count && nextToStart < index + window {
                readNext()
            } else {
                condition.wait()
            }
        }
    }

    /// A helper thread's loop: the next part not started, while it is within the window.
    private func help() {
        condition.lock()
        while !stopped && nextToStart < count {
            guard nextToStart < nextToMerge + window else {
                condition.wait()
                continue
            }
            readNext()
            condition.broadcast()
        }
        helpersRunning -= 1
        condition.broadcast()
        condition.unlock()
    }

    /// Reads the next part no thread has started, with `condition` unlocked meanwhile;
    /// called and returning with it locked.
    private func readNext() {
        let part = nextToStart
        nextToStart += 1
        condition.unlock()
        let outcome = work(part)
        condition.lock()
        ready[part] = outcome
    }

    private func stopAndWait() {
        condition.lock()
        stopped = true
        condition.broadcast()
        while helpersRunning > 0 { condition.wait() }
        ready.removeAll()
        condition.unlock()
    }
}
