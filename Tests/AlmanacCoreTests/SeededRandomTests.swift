import Testing
import AlmanacCore

/// ``SeededRandom``: SplitMix64, so that the benchmark's corpus and the tests' generated
/// documents stay the same from one build to the next.
@Suite struct SeededRandomTests {
    @Test func theSequenceIsSplitMix64() {
        var random = SeededRandom(seed: 0)
        #expect(random.next() == 0xE220_A839_7B1D_CDAF)
        #expect(random.next() == 0x6E78_9E6A_A1B9_65F4)
        #expect(random.next() == 0x06C4_5D18_8009_454F)
    }

    @Test func theSameSeedGivesTheSameNumbers() {
        var first = SeededRandom(seed: 5_545)
        var second = SeededRandom(seed: 5_545)
        #expect((0..<100).map { _ in first.next() } == (0..<100).map { _ in second.next() })
    }

    @Test func numbersStayInTheirRange() {
        var random = SeededRandom(seed: 8)
        for _ in 0..<1_000 {
            #expect((0..<7).contains(random.below(7)))
            #expect((-3...3).contains(random.inRange(-3...3)))
            #expect(["a", "b"].contains(random.pick(["a", "b"])))
        }
        #expect(!(0..<100).contains { _ in random.chance(0) })
        #expect((0..<100).allSatisfy { _ in random.chance(100) })
    }

    @Test func bitsDrawFromTheNextNumber() {
        var random = SeededRandom(seed: 1)
        var copy = random
        #expect(random.bool() == (copy.next() & 1 == 1))
        #expect(random.below(10) == Int(copy.next() % 10))
    }

    @Test func aUUIDHasTheShapeOfOne() {
        var random = SeededRandom(seed: 42)
        let uuid = random.uuid()
        #expect(uuid.split(separator: "-").map(\.count) == [8, 4, 4, 4, 12])
        #expect(uuid.allSatisfy { "0123456789ABCDEF-".contains($0) })
    }
}
