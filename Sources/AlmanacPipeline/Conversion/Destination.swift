/// Where a ``Conversion`` writes.
public enum Destination {
    /// A file, written whole or not at all: a temporary file beside it is renamed into
    /// place only when the whole run has succeeded.
    case file(String)
    /// A folder of files, one per item and an index (the codec has to be a ``SplitEncoding``),
    /// all written or none; created when missing.
    case folder(String)
    /// A stream, such as standard output; a reader that goes away ends the run quietly.
    case sink(any OutputSink)
}
