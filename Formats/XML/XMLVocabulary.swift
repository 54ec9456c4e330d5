/// The names of the almanac XML vocabulary that more than one file uses.
enum XMLVocabulary {
    /// The namespace of every almanac XML element.
    static let namespace = "https://almanac.invalid/xml/1"
    /// The only version this almanac reads and writes.
    static let version = "1"
    /// The namespace XML itself reserves for `xml:lang`, `xml:space`, … (prefix `xml`).
    static let xmlNamespace = "http://www.w3.org/XML/1998/namespace"
    /// The namespace of namespace declarations (`xmlns`, `xmlns:p`).
    static let xmlnsNamespace = "http://www.w3.org/2000/xmlns/"
    /// The namespace of `xsi:schemaLocation` and friends, which almanac ignores on input.
    static let xsiNamespace = "http://www.w3.org/2001/XMLSchema-instance"
}
