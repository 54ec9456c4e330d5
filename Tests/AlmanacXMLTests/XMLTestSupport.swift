import AlmanacCore
import AlmanacXML

/// Shared helpers of the XML tests.
enum XMLTest {
    static func decode(_ text: String, source: String = "test.xml") throws -> DecodeResult {
        try XMLCodec().decode(Array(text.utf8), source: source)
    }

    static func encode(_ document: AlmanacDocument, compact: Bool = false) throws -> String {
        String(decoding: try XMLCodec().encode(document, options: EncodingOptions(compact: compact)).bytes, as: UTF8.self)
    }

    /// `body` inside an almanac root element.
    static func wrap(_ body: String) -> String {
        #"<almanac xmlns="https://almanac.invalid/xml/1" version="1">"# + body + "</almanac>"
    }
}
