import AlmanacCore
import AlmanacJSONKit
import Testing

/// Tapes built in code and changed after reading: read as a tape read from bytes is.
@Suite struct JSONTapeTests {
    @Test func aTapeOfAnOpaqueValueReadsBackAsThatValue() {
        let value: OpaqueValue = .object([
            OpaqueMember("a", .array([.number("1.50"), .string("x"), .bool(true), .bool(false), .null])),
            OpaqueMember("b", .object([OpaqueMember("c", .string("d"))])),
            OpaqueMember("", .object([])),
        ])
        let root = JSONValue(value)
        #expect(root.opaque == value)
        #expect(root["b"]?["c"]?.string == "d")
        #expect(root["a"]?.elements?.first?.numberText == "1.50")
        #expect(root["a"]?.elements?.count == 5)
        #expect(root[""]?.members?.isEmpty == true)
        #expect(root["c"] == nil)
    }

    @Test func builtNodesStandForTheOffsetsGiven() {
        var tape = JSONTape()
        let list = tape.open(.array, at: 7)
        tape.appendString("one", at: 9)
        tape.append(.object([OpaqueMember("k", .string("v"))]), at: 20)
        tape.close(list, count: 2)
        let root = JSONValue(tape: tape, index: 0)
        let elements = root.elements ?? []
        #expect(root.start == 7)
        #expect(elements.map(\.start) == [9, 20])
        #expect(elements.map(\.opaque) == [.string("one"), .object([OpaqueMember("k", .string("v"))])])
        #expect(elements[1].members?.first?.keyOffset == 20)
    }

    @Test func aReplacedScalarIsAStringAtItsPlaceAndTheOriginalTapeKeepsItsValue() throws {
        let bytes = Array(#"{"n": 3, "t": "recipe", "b": false}"#.utf8)
        try bytes.withUnsafeBufferPointer { buffer in
            var reader = JSONReader(buffer)
            let root = try reader.parseDocument()
            var tape = root.tape
            for key in ["n", "t", "b"] {
                let value = try #require(root[key])
                tape.replace(value.index, withString: key == "t" ? "Recipe" : "\(value.opaque)")
            }
            let repaired = JSONValue(tape: tape, index: root.index)
            #expect(repaired["n"]?.string == "number(\"3\")")
            #expect(repaired["n"]?.start == root["n"]?.start)
            #expect(repaired["t"]?.string == "Recipe")
            #expect(repaired["b"]?.typeName == "a string")
            #expect(root["t"]?.string == "recipe")
            #expect(root["n"]?.numberText == "3")
        }
    }
}
