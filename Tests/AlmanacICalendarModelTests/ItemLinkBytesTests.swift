import AlmanacCore
@testable import AlmanacICalendarModel
import Testing

/// The first look's links read on bytes agree with ``ItemLinks``, and the name-byte set
/// is the one RFC 5545 names allow.
@Suite("Item links on bytes")
struct ItemLinkBytesTests {
    /// Feeds `lines` to both readings of an item's links.
    static func read(_ lines: [String], isTodo: Bool) -> (bytes: ItemLinkBytes, links: ItemLinks, item: ICalItemLines) {
        var bytes = ItemLinkBytes()
        bytes.reset(isTodo: isTodo)
        var links = ItemLinks(isTodo: isTodo)
        var item = ICalItemLines(isTodo: isTodo, line: 1, offset: 0)
        for text in lines {
            var line = text
            line.withUTF8 { buffer in
                guard case .success(let shape) = ContentLineShape.scan(buffer) else { return }
                bytes.take(line: buffer, shape: shape)
                links.take(line: buffer, shape: shape)
                item.append(buffer, shape: shape, number: 2, offset: 10)
            }
        }
        return (bytes, links, item)
    }

    @Test("UID and parent as ItemLinks reads them", arguments: [
        ["UID: abc-1 ", "RELATED-TO:  p-9\t"],
        ["UID:", "UID:second", "RELATED-TO;RELTYPE=CHILD:c", "RELATED-TO;RELTYPE=parent:p"],
        ["uid:caf\\,é", "related-to:", "RELATED-TO:\\;x"],
        ["RELATED-TO;RELTYPE=SIBLING:s", "UID:  "],
    ])
    func agrees(lines: [String]) {
        let (bytes, links, item) = Self.read(lines, isTodo: true)
        #expect(bytes.hasUID == (links.uid != nil))
        #expect(bytes.uid.count == 0 || !bytes.hasUID || String(decoding: bytes.uid, as: UTF8.self) == links.uid)
        #expect(bytes.hasParent == (links.parentUID != nil))
        if let parent = links.parentUID {
            #expect(String(decoding: bytes.parent, as: UTF8.self) == parent)
            #expect(item.parentIs(parent))
            #expect(!item.parentIs(parent + "x"))
        } else {
            #expect(item.parentLine == nil)
        }
        #expect(item.links.uid == links.uid)
    }

    @Test("a VEVENT has no parent")
    func eventHasNoParent() {
        let (bytes, _, item) = Self.read(["UID:e", "RELATED-TO:p"], isTodo: false)
        #expect(!bytes.hasParent)
        #expect(item.parentLine == nil)
    }

    @Test("a RELATED-TO names the parent as the parameter walk tells it", arguments: [
        ("RELATED-TO;RELTYPE=PARENT:p", true), ("related-to;reltype=parent:p", true),
        ("RELATED-TO;RELTYPE=PARENTS:p", false), ("RELATED-TO;RELTYPE=CHILD:p", false),
        ("RELATED-TO;RELTYPE=\"PARENT\":p", true), ("RELATED-TO;X=1;RELTYPE=PARENT:p", true),
        ("RELATED-TO;RELTYPE=PARENT;X=1:p", true), ("RELATED-TO;RELTYPE:PARENT:p", false),
    ])
    func namesParent(line text: String, expected: Bool) {
        var line = text
        line.withUTF8 { buffer in
            guard case .success(let shape) = ContentLineShape.scan(buffer) else {
                #expect(!expected)
                return
            }
            let view = ICalItemLines.LineView(bytes: buffer, line: ICalItemLines.Line(start: 0, end: buffer.count, nameEnd: shape.nameEnd, valueStart: shape.valueStart, kind: .relatedTo, number: 1, offset: 0))
            #expect(ItemLinks.namesParent(view) == expected)
            #expect(ItemLinks.namesParent(view.property) == expected)
        }
    }

    @Test("identifiers compare as strings do")
    func sameIdentifier() {
        #expect(ItemLinkBytes.sameIdentifier(Array("abc".utf8), Array("abc".utf8)))
        #expect(!ItemLinkBytes.sameIdentifier(Array("abc".utf8), Array("abd".utf8)))
        // Canonically equivalent: precomposed and decomposed é.
        #expect(ItemLinkBytes.sameIdentifier(Array("caf\u{E9}".utf8), Array("cafe\u{301}".utf8)))
    }

    @Test("name bytes are letters, digits, - _ . /")
    func nameBytes() {
        for value in 0...255 {
            let byte = UInt8(value)
            let scalar = Unicode.Scalar(byte)
            let expected = value < 128 && (scalar.properties.isASCIIHexDigit || ("A"..."Z").contains(scalar) || ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) || "-_./".unicodeScalars.contains(scalar))
            #expect(ContentLineShape.isNameByte(byte) == expected, "byte \(value)")
        }
    }
}
