@testable import AlmanacXML
import AlmanacTestSupport
import Testing

/// Where ``XMLModelReader`` says each item starts: its `<recipe>` or `<event>` element.
@Suite struct XMLModelReaderTests {
    @Test("validate names the line and column of the <event> element")
    func eventElement() throws {
        let document = """
            <?xml version="1.0" encoding="UTF-8"?>
            <almanac xmlns="https://almanac.invalid/xml/1" version="1">
              <event id="a"><title>First</title><start>2026-12-24T10:00:00Z</start></event> <event id="b"><title>Second</title>
                <start>2026-12-24T10:00:00Z</start><end>2026-12-24T09:00:00Z</end></event>
            </almanac>

            """
        let run = try ValidationRun.errors(["validate", "-f", "xml"], input: document)
        #expect(run.status == 1)
        #expect(run.errors == ["<stdin>:3:81: error: event 'Second': it ends (2026-12-24T09:00:00Z) before it starts (2026-12-24T10:00:00Z) [end-after-start]"])
    }

    @Test("isDecimal takes an optional sign, then digits, '.', 'e', 'E', '+', '-' with a digit before any exponent")
    func decimals() {
        // The rule spelled out on Characters, for comparison.
        func reference(_ text: String) -> Bool {
            var body = Substring(text)
            if body.first == "+" || body.first == "-" { body = body.dropFirst() }
            let mantissa = body.prefix { $0 != "e" && $0 != "E" }
            return !body.isEmpty && body.allSatisfy { "0123456789.eE+-".contains($0) } && mantissa.contains { $0.isASCII && $0.isNumber }
        }
        var samples = ["1 ", " 1", "0x1", "NaN", "1_000", "١", "-.5e+10", "12345678901234567890", "+1é"]
        let alphabet = ["0", "e", "E", ".", "+", "-", "x"]
        samples.append("")
        for first in alphabet {
            samples.append(first)
            for second in alphabet {
                samples.append(first + second)
                for third in alphabet { samples.append(first + second + third) }
            }
        }
        for text in samples { #expect(XMLModelReader.isDecimal(text) == reference(text), "\(text.debugDescription)") }
    }
}
