/// A small deterministic generator (SplitMix64): the same seed always gives the same
/// numbers, so that the benchmark's corpus and the tests' generated documents can be made
/// again byte for byte. Not for anything that must be unpredictable.
package struct SeededRandom: Sendable {
    private var state: UInt64

    /// A generator whose numbers follow from `seed`.
    package init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<bound`.
    package mutating func below(_ bound: Int) -> Int {
        Int(next() % UInt64(bound))
    }

    /// A number in `range`.
    package mutating func inRange(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + below(range.count)
    }

    /// One of `choices` (which must not be empty).
    package mutating func pick<T>(_ choices: [T]) -> T {
        choices[below(choices.count)]
    }

    /// True `percent` times in a hundred.
    package mutating func chance(_ percent: Int) -> Bool {
        below(100) < percent
    }

    /// True or false, as the lowest bit of the next number says.
    package mutating func bool() -> Bool {
        next() & 1 == 1
    }

    /// A UUID-shaped id (upper-case hex, `8-4-4-4-12`).
    package mutating func uuid() -> String {
        let digits = Array("0123456789ABCDEF".utf8)
        var text: [UInt8] = []
        let high = next()
        let low = next()
        for index in 0..<32 {
            if index == 8 || index == 12 || index == 16 || index == 20 { text.append(UInt8(ascii: "-")) }
            let word = index < 16 ? high : low
            text.append(digits[Int((word >> UInt64(60 - (index % 16) * 4)) & 0xF)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
