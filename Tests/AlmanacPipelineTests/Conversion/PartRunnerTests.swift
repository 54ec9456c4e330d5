import Foundation
import Testing
@testable import Almanac

/// ``PartRunner`` hands every part's outcome to `merge` once, in part order, on the calling
/// thread; holds at most `window` outcomes not yet merged; and, when `merge` throws, stops,
/// waits for its threads and rethrows.
@Suite struct PartRunnerTests {
    /// What the work and merge closures saw, under one lock.
    ///
    /// "Outstanding" counts the work calls started whose merge has not ended: a correct
    /// runner starts part `p` only when `p < handed + window` (`handed`: the outcomes handed
    /// to `merge`), and every merge before the one handed last has ended, so at most
    /// `window + 1` (`window` read ahead, and the one being merged). Counted against merges
    /// that ended, the bound has no race with the runner's hand-over.
    final class Log: @unchecked Sendable {
        private let condition = NSCondition()
        private var started: [Int] = []
        private var finished = 0
        private var running = 0
        private var mergesEnded = 0
        private(set) var mostOutstanding = 0
        private(set) var startedAfterReturn = 0
        private var returned = false

        func locked<T>(_ body: () -> T) -> T {
            condition.lock()
            defer { condition.broadcast(); condition.unlock() }
            return body()
        }

        /// A work call starts on part `index`.
        func start(_ index: Int) {
            locked {
                started.append(index)
                running += 1
                mostOutstanding = max(mostOutstanding, started.count - mergesEnded)
                if returned { startedAfterReturn += 1 }
            }
        }

        func finish() { locked { running -= 1; finished += 1 } }

        /// A merge ends.
        func mergeEnded() { locked { mergesEnded += 1 } }

        /// `run` has returned (or thrown): how many work calls were still running.
        func runReturned() -> Int { locked { returned = true; return running } }

        var startedParts: [Int] { locked { started } }
        var finishedCount: Int { locked { finished } }

        /// Waits until `count` work calls have started (at most `seconds`); how many have.
        func waitForStarts(_ count: Int, seconds: Double = 20) -> Int {
            condition.lock()
            defer { condition.unlock() }
            let deadline = Date(timeIntervalSinceNow: seconds)
            while started.count < count && condition.wait(until: deadline) {}
            return started.count
        }
    }

    /// Sleeps up to `maximum` microseconds, drawn from `seed`.
    static func nap(_ seed: Int, maximum: UInt32 = 400) {
        var state = UInt64(truncatingIfNeeded: seed) &* 0x9E37_79B9_7F4A_7C15 &+ 1
        state ^= state >> 29
        usleep(UInt32(state % UInt64(maximum)))
    }

    @Test(arguments: [1, 2, 4], [1, 2, 3])
    func everyPartOnceInOrder(threads: Int, window: Int) throws {
        for count in [1, 2, 7, 40] {
            let log = Log()
            let runner = PartRunner<(part: Int, thread: String)>(count: count, window: window) { index in
                log.start(index)
                Self.nap(index &* 7 &+ threads &* 131 &+ window)
                log.finish()
                return (index, "\(index * index)")
            }
            var merged: [Int] = []
            let caller = Thread.current
            try runner.run(threads: threads) { index, outcome in
                defer { log.mergeEnded() }
                #expect(Thread.current == caller, "merge off the calling thread")
                #expect(outcome.part == index)
                #expect(outcome.thread == "\(index * index)")
                merged.append(index)
                Self.nap(index &* 3 &+ 11, maximum: 150)
            }
            #expect(log.runReturned() == 0, "work still running after run returned")
            #expect(merged == Array(0..<count), "threads \(threads), window \(window), \(count) parts: merged \(merged)")
            #expect(merged.count == count)
            #expect(log.startedParts.sorted() == Array(0..<count), "work called on \(log.startedParts.sorted())")
            #expect(log.finishedCount == count)
            #expect(log.mostOutstanding <= window + 1, "\(log.mostOutstanding) parts started and not merged with window \(window) (threads \(threads))")
            #expect(log.mostOutstanding >= 1)
        }
    }

    /// While part `k` is merged, the helpers start every part up to `k + window` and none
    /// after it: the window is filled and never passed (waited for, not timed).
    @Test(arguments: [2, 4], [1, 2, 3])
    func theWindowIsFilledAndNeverPassed(threads: Int, window: Int) throws {
        let count = 12
        let log = Log()
        let runner = PartRunner<Int>(count: count, window: window) { index in
            log.start(index)
            log.finish()
            return index
        }
        try runner.run(threads: threads) { index, _ in
            defer { log.mergeEnded() }
            let allowed = min(count, index + 1 + window)
            let started = log.waitForStarts(allowed)
            #expect(started == allowed, "merging \(index) with window \(window): \(started) parts started, \(allowed) allowed")
            // Give a runner that passes the window the chance to (not a timing assertion:
            // a correct one never starts more, however long this waits).
            usleep(1_000)
            #expect(log.startedParts.count == allowed, "merging \(index): \(log.startedParts.sorted())")
        }
        #expect(log.runReturned() == 0)
        #expect(log.mostOutstanding == window + 1 || window + 1 > count)
    }

    struct Stop: Error, Equatable {
        let part: Int
    }

    @Test(arguments: [1, 2, 4], [0, 1, 5, 29])
    func aThrowingMergeStopsTheRun(threads: Int, failing: Int) throws {
        for window in 1...3 {
            let log = Log()
            let runner = PartRunner<Int>(count: 30, window: window) { index in
                log.start(index)
                Self.nap(index &+ failing, maximum: 600)
                log.finish()
                return index
            }
            var merged: [Int] = []
            let error = #expect(throws: Stop.self) {
                try runner.run(threads: threads) { index, _ in
                    defer { log.mergeEnded() }
                    if index == failing { throw Stop(part: index) }
                    merged.append(index)
                }
            }
            #expect(error == Stop(part: failing))
            #expect(log.runReturned() == 0, "work still running after run threw (threads \(threads), window \(window))")
            #expect(merged == Array(0..<failing))
            // Nothing past the window after the failing part was started.
            #expect(log.startedParts.allSatisfy { $0 < failing + window + 1 }, "\(log.startedParts.sorted())")
            // No work starts once run has returned.
            usleep(20_000)
            #expect(log.startedAfterReturn == 0)
            #expect(log.finishedCount == log.startedParts.count)
        }
    }

    @Test func noPartsNoCalls() throws {
        let runner = PartRunner<Int>(count: 0, window: 2) { _ in
            Issue.record("work called with no parts")
            return 0
        }
        try runner.run(threads: 4) { _, _ in Issue.record("merge called with no parts") }
    }
}
