import AlmanacCore
import AlmanacJSONKit
import Testing

@Suite("JSON writer")
struct JSONWriterTests {
    private let sample: OpaqueValue = .object([
        OpaqueMember("name", .string("Tarte \"Tatin\"\n\u{1}\u{7F}/é")),
        OpaqueMember("list", .array([.number("+007.50"), .number("-0"), .number("2e3"), .number("1.50"), .bool(false), .null])),
        OpaqueMember("empty", .object([])),
        OpaqueMember("none", .array([])),
    ])

    private func text(_ value: OpaqueValue, pretty: Bool) -> String {
        var writer = JSONWriter(pretty: pretty)
        writer.opaque(value)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    @Test("pretty output: two spaces an indent, members in order; numbers as written unless they are not JSON's")
    func pretty() {
        #expect(text(sample, pretty: true) == """
        {
          "name": "Tarte \\"Tatin\\"\\n\\u0001\u{7F}/é",
          "list": [
            7.5,
            -0,
            2e3,
            1.50,
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
        #expect(text(sample, pretty: false) == #"{"name":"Tarte \"Tatin\"\n\u0001"# + "\u{7F}" + #"/é","list":[7.5,-0,2e3,1.50,false,null],"empty":{},"none":[]}"#)
    }

    @Test("what the writer writes reads back equal, and writing it again gives the same bytes")
    func roundTrip() throws {
        for pretty in [true, false] {
            var writer = JSONWriter(pretty: pretty)
            writer.opaque(sample)
            let read = try JSONReader.parse(writer.bytes)
            var again = JSONWriter(pretty: pretty)
            again.opaque(read)
            #expect(again.bytes == writer.bytes)
            #expect(read["name"] == sample["name"])
        }
    }

    @Test("numbers of other syntaxes in JSON's spelling")
    func numbers() {
        let cases = [("1", "1"), ("-1.250", "-1.25"), ("00.5", "0.5"), (".5", "0.5"), ("3.", "3.0"), ("-0.0", "0.0"), ("1E-7", "1E-7")]
        for (input, output) in cases {
            var writer = JSONWriter(pretty: true)
            writer.decimal(input)
            #expect(String(decoding: writer.bytes, as: UTF8.self) == output, "\(input)")
        }
    }

    @Test("pieces: a layout of the writer's own, as jCal's")
    func pieces() {
        var writer = JSONWriter(pretty: true)
        writer.ascii("[")
        writer.string("a\tb")
        writer.ascii(",")
        writer.newline(2)
        writer.decimal("+4")
        writer.byte(UInt8(ascii: "]"))
        #expect(String(decoding: writer.takeBytes(), as: UTF8.self) == "[\"a\\tb\",\n    4]")
        #expect(writer.bytes.isEmpty)
        var compact = JSONWriter(pretty: false)
        compact.newline(3)
        #expect(compact.bytes.isEmpty)
    }
}
