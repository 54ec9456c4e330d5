/// Where an element was, kept cheaply while reading and turned into a
/// `SourcePosition` only when needed (``XMLTextReader/position(_:)``).
package struct XMLNodeMark: Hashable, Sendable {
    /// The line libxml2 gives for the element: the one its start tag's `>` is on.
    package var line: Int
    /// The element's name as written, prefix included (`x:summary`).
    package var qualifiedName: String
    /// Which start tag of that name on that line it is, from 0.
    package var occurrence: Int
    /// The offset of the start tag's `<` when the reader knows it (its fast path does), else `-1`.
    package var offset: Int

    /// A mark for the `occurrence`-th (from 0) element `qualifiedName` on `line`, whose `<`
    /// is at `offset` when known.
    package init(line: Int, qualifiedName: String, occurrence: Int, offset: Int = -1) {
        self.line = line
        self.qualifiedName = qualifiedName
        self.occurrence = occurrence
        self.offset = offset
    }
}
