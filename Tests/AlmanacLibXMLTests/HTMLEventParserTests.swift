import AlmanacLibXML
import Testing

@Suite("HTMLEventParser")
struct HTMLEventParserTests {
    private enum Seen: Equatable {
        case start(String, Int, Int)
        case end(String)
        case text(String)
    }

    private func events(_ html: String) throws -> [Seen] {
        var seen: [Seen] = []
        let bytes = Array(html.utf8)
        try bytes.withUnsafeBufferPointer { page in
            try HTMLEventParser.parse(page) { event in
                switch event {
                case .start(let tag): seen.append(.start(tag.name, tag.offset, tag.contentOffset))
                case .end(let name): seen.append(.end(name))
                case .text(let text):
                    let string = String(decoding: text, as: UTF8.self)
                    if case .text(let previous)? = seen.last {
                        seen[seen.count - 1] = .text(previous + string)
                    } else {
                        seen.append(.text(string))
                    }
                }
            }
        }
        return seen
    }

    @Test("start tags with their exact offsets, implied and unclosed elements closed, names lowercase")
    func offsets() throws {
        let html = "<HTML><body><P class=x>a<br>b &amp; c<p>d</body></html>"
        #expect(try events(html) == [
            .start("html", 0, 6), .start("body", 6, 12), .start("p", 12, 23), .text("a"), .start("br", 24, 28), .end("br"),
            .text("b & c"), .end("p"), .start("p", 37, 40), .text("d"), .end("p"), .end("body"), .end("html"),
        ])
    }

    @Test("attributes in order with entities resolved; a boolean attribute has an empty value")
    func attributes() throws {
        let bytes = Array("<div itemscope ItemType=\"https://schema.org/Recipe\" data-x='a &amp; b'><img src=x.jpg /></div>".utf8)
        var tags: [HTMLStartTag] = []
        try bytes.withUnsafeBufferPointer { page in
            try HTMLEventParser.parse(page) { event in
                if case .start(let tag) = event { tags.append(tag) }
            }
        }
        let div = try #require(tags.first { $0.name == "div" })
        #expect(div.attributes.map(\.localName) == ["itemscope", "itemtype", "data-x"])
        #expect(div.attribute("itemscope") == "")
        #expect(div.attribute("data-x") == "a & b")
        let image = try #require(tags.first { $0.name == "img" })
        #expect(image.attribute("src") == "x.jpg")
        #expect(image.contentOffset == bytes.count - 6)
    }

    @Test("script content comes raw, as the page has it")
    func script() throws {
        let seen = try events("<head><script type=\"application/ld+json\"><!--\n{\"a\": \"&amp;\"}\n--></script></head>")
        #expect(seen.contains(.text("<!--\n{\"a\": \"&amp;\"}\n-->")))
    }

    @Test("an error thrown by the handler stops the parse and comes out")
    func handlerError() throws {
        struct Stop: Error {}
        var count = 0
        let bytes = Array(String(repeating: "<p>x</p>", count: 100).utf8)
        #expect(throws: Stop.self) {
            try bytes.withUnsafeBufferPointer { page in
                try HTMLEventParser.parse(page) { event in
                    count += 1
                    if count == 5 { throw Stop() }
                }
            }
        }
        #expect(count == 5)
    }

    @Test("an empty page has no events; named entities come from libxml2's table")
    func emptyAndEntities() throws {
        #expect(try events("").isEmpty)
        #expect(HTMLEntity.scalar(named: "amp") == "&")
        #expect(HTMLEntity.scalar(named: "eacute") == "é")
        #expect(HTMLEntity.scalar(named: "nosuch") == nil)
    }
}
