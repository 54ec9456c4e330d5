/// A small deterministic generator (SplitMix64), so that the same size always
/// gives the same corpus and runs can be compared byte for byte.
struct SeededRandom {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<bound`.
    mutating func below(_ bound: Int) -> Int {
        Int(next() % UInt64(bound))
    }

    /// A number in `range`.
    mutating func inRange(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + below(range.count)
    }

    mutating func pick<T>(_ choices: [T]) -> T {
        choices[below(choices.count)]
    }

    /// True `percent` times in a hundred.
    mutating func chance(_ percent: Int) -> Bool {
        below(100) < percent
    }

    /// A UUID-shaped id (upper-case hex, `8-4-4-4-12`).
    mutating func uuid() -> String {
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
