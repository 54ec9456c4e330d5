/// What ``HTMLEventParser`` reports while it reads a page, in document order. libxml2's
/// HTML parser has already repaired the page: every start has its end (implied and
/// auto-closed elements included), names are lowercase, entities in text and attribute
/// values are resolved.
package enum HTMLEvent {
    /// An element starts.
    case start(HTMLStartTag)
    /// The element named so ends (also when the page never closed it).
    case end(name: String)
    /// Text (UTF-8), valid only during the call: character data, or the raw content of
    /// a `<script>` or `<style>` element. One run of text may come in several pieces.
    case text(UnsafeBufferPointer<UInt8>)
}
