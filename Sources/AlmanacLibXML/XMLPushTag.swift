/// A start tag as ``XMLPushReader`` hands it out: its names as interned keys, its place,
/// and where its attributes stand in the reader's event buffer, all plain integers, so that
/// passing one around retains and releases nothing. The reader makes the Strings of its
/// names and attributes only when asked (``XMLPushReader/localName(of:)``,
/// ``XMLPushReader/attributeValue(_:of:)``, ``XMLPushReader/startTag(of:)``, …).
///
/// Its attributes can be read only until the reader is asked for what follows the tag
/// (a child, its text, …); its names and its place as long as the reader lives.
package struct XMLPushTag {
    /// The name without its prefix, as the reader interned it.
    package let localNameKey: XMLNameKey
    /// The namespace URI as the reader interned it (``XMLNameKey/none`` for none).
    package let namespaceKey: XMLNameKey
    /// The name as written, prefix included, as the reader interned it.
    let qualifiedNameKey: XMLNameKey
    /// Whether it is an empty-element tag (`<a/>`), which has no content and no end tag.
    package let isEmpty: Bool
    /// How deep it is: the root element is at depth 0.
    package let depth: Int
    /// Where it is: ``XMLNodeMark``'s line, occurrence and offset.
    let line: Int
    let occurrence: Int
    let offset: Int
    /// Its attributes in the event buffer's attribute list.
    let firstAttribute: Int32
    let attributeEnd: Int32

    /// How many attributes it has (namespace declarations left out).
    package var attributeCount: Int { Int(attributeEnd - firstAttribute) }
}
