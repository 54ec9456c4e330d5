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

    /// ``JSONNumberText/byteFraction(_:)`` answers only what `Double(String)` reads: for
    /// every k/255 text and for texts near them (a digit changed, added, taken away), random
    /// doubles' texts and other odd numbers.
    @Test func byteFractionsReadAsDoubleReadsThem() {
        var texts: [String] = ["0", "0.5", "1", "-0.27450980392156865", "0.2745098039215686a", "0.", "0.27450980392156865e0", "00.27450980392156865"]
        for numerator in 0...255 {
            let exact = text(Double(numerator) / 255)
            texts.append(exact)
            var bytes = Array(exact.utf8)
            texts.append(exact + "0")
            texts.append(exact + "1")
            texts.append(String(decoding: bytes.dropLast(), as: UTF8.self))
            if let last = bytes.indices.last {
                for digit in UInt8(ascii: "0")...UInt8(ascii: "9") {
                    bytes[last] = digit
                    texts.append(String(decoding: bytes, as: UTF8.self))
                }
            }
        }
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        for _ in 0..<20_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let number = Double(state >> 11) / 9_007_199_254_740_992
            texts.append(number.description)
            texts.append(text(number))
            // Near a fraction, off by a few units in the last place.
            let near = Double(Int(state >> 56)) / 255
            texts.append(text(near.nextUp))
            texts.append(text(near.nextDown.nextDown))
        }
        for text in texts {
            let fast = Array(text.utf8).withUnsafeBufferPointer { JSONNumberText.byteFraction($0) }
            if let fast { #expect(fast == Double(text), "\(text)") }
        }
        // The colour components take the fast path.
        for numerator in 1..<255 {
            let exact = Array(text(Double(numerator) / 255).utf8)
            let fast = exact.withUnsafeBufferPointer { JSONNumberText.byteFraction($0) }
            #expect(exact.count < 17 || fast == Double(numerator) / 255, "\(numerator)")
        }
    }
}
