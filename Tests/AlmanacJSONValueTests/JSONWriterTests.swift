import AlmanacJSONValue
import Testing

@Suite("JSON writer")
struct JSONWriterTests {
    private let sample: JSONValue = .object([
        "name": .string("Tarte \"Tatin\"\n\u{1}\u{7F}/é"),
        "list": .array([.number("+007.50"), .number("-0"), .number("2e3"), .bool(false), .null]),
        "empty": .object([]),
        "none": .array([]),
    ])

    private func text(_ value: JSONValue, pretty: Bool) -> String {
        var writer = JSONWriter(pretty: pretty)
        writer.write(value)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    @Test("pretty output: two spaces an indent, members in order")
    func pretty() {
        #expect(text(sample, pretty: true) == """
        {
          "name": "Tarte \\"Tatin\\"\\n\\u0001\\u007f/é",
          "list": [
            7.5,
            0,
            2e3,
            false,
            null
          ],
          "empty": {},
          "none": []
        }
        """)
    }

    @Test("compact output is one line")
    func compact() {
        #expect(text(sample, pretty: false) == #"{"name":"Tarte \"Tatin\"\n\u0001\u007f/é","list":[7.5,0,2e3,false,null],"empty":{},"none":[]}"#)
    }

    @Test("what the writer writes reads back equal, and writing it again gives the same bytes")
    func roundTrip() throws {
        for pretty in [true, false] {
            var writer = JSONWriter(pretty: pretty)
            writer.write(sample)
            let read = try JSONReader.parse(writer.bytes)
            var again = JSONWriter(pretty: pretty)
            again.write(read)
            #expect(again.bytes == writer.bytes)
            #expect(read["name"] == sample["name"])
        }
    }

    @Test("numbers in JSON's spelling")
    func numbers() {
        let cases = [("1", "1"), ("-1.250", "-1.25"), ("00.5", "0.5"), (".5", "0.5"), ("3.", "3.0"), ("-0.0", "0.0"), ("1E-7", "1E-7")]
        for (input, output) in cases {
            var writer = JSONWriter()
            writer.appendNumber(input)
            #expect(String(decoding: writer.bytes, as: UTF8.self) == output, "\(input)")
        }
    }
}
