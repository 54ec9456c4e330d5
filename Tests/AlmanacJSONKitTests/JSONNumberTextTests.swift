import AlmanacJSONKit
import Testing

/// Numbers made of digits by the writer read as Swift's own texts of them.
@Suite struct JSONNumberTextTests {
    private func text(_ number: Double) -> String {
        var writer = JSONWriter(pretty: false)
        writer.number(number)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    private func text(_ number: Int) -> String {
        var writer = JSONWriter(pretty: false)
        writer.integer(number)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    /// What the writer wrote before it made digits itself: `description`, whole numbers as
    /// integers, the exponent unpadded.
    private func described(_ number: Double) -> String {
        guard number.isFinite else { return "null" }
        if number.rounded() == number, abs(number) <= 9_007_199_254_740_992 { return String(Int(number)) }
        let text = number.description
        guard let e = text.firstIndex(of: "e") else { return text }
        var exponent = text[text.index(after: e)...]
        let sign = exponent.first == "-" ? "-" : ""
        exponent = exponent.drop { $0 == "-" || $0 == "+" }
        while exponent.count > 1, exponent.first == "0" { exponent = exponent.dropFirst() }
        return String(text[...e]) + sign + exponent
    }

    @Test func integersAsStringWritesThem() {
        for number in [0, 7, 9, 10, 99, 100, -1, -9, -10, 123_456_789, Int.max, Int.min, Int.max - 1, Int.min + 1, 1_000_000_000_000_000_000] {
            #expect(text(number) == String(number))
        }
    }

    @Test func doublesAsDescriptionWritesThem() {
        var samples: [Double] = [0, -0.0, 0.5, -0.5, 1.5, 0.1, 0.2, 0.3, 1.15, 2.675, 0.001, 0.0015, 0.0009999, 1e-3, 1e-4, 1e-5, 1e-7,
                                 123456.789, 999_999_999.5, 1e9 + 0.5, 1e15 + 0.5, 4503599627370495.5, 1e16, 1e20, 1e300, .leastNonzeroMagnitude,
                                 0.27450980392156865, 0.5098039215686274, 1.0 / 3, 2.0 / 3, 100.25, 12.125, 0.125, 3.14159, .infinity, -.infinity, .nan]
        // Eight-bit color components (read from a table) and the doubles next to them (not).
        for k in 0...255 { samples += [Double(k) / 255, (Double(k) / 255).nextUp, (Double(k) / 255).nextDown, -Double(k) / 255] }
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20_000 {
            let places = Int.random(in: 0...10, using: &generator)
            let whole = Double(Int.random(in: -2_000_000...2_000_000, using: &generator))
            samples.append(whole / pow10(places))
            samples.append(Double.random(in: -1e10...1e10, using: &generator))
            samples.append(Double.random(in: -1...1, using: &generator))
            samples.append(Double(bitPattern: UInt64.random(in: 0...UInt64.max, using: &generator)))
        }
        for number in samples {
            #expect(text(number) == described(number), "\(number)")
        }
    }

    private func pow10(_ places: Int) -> Double {
        (0..<places).reduce(1) { value, _ in value * 10 }
    }
}
