import AlmanacCore

/// Writes JSON text to bytes, pretty (two-space indents, one member a line) or
/// compact (no white space at all). Keys come out in the order they are written,
/// so the output is deterministic.
struct JSONWriter {
    private(set) var bytes: [UInt8] = []
    let pretty: Bool
    private var depth = 0
    /// Whether the container being written has no member or element yet.
    private var isFirst = true

    init(pretty: Bool, reservingCapacity capacity: Int = 4_096) {
        self.pretty = pretty
        bytes.reserveCapacity(capacity)
    }

    /// A writer that appends to `bytes` as if it stood `depth` containers deep (a document
    /// writer's items sit in an array in an object: depth 2).
    init(pretty: Bool, depth: Int, continuing bytes: [UInt8]) {
        self.pretty = pretty
        self.depth = depth
        self.bytes = bytes
    }

    /// Hands over what has been written and starts again with no bytes.
    mutating func takeBytes() -> [UInt8] {
        defer { bytes = [] }
        return bytes
    }

    // MARK: Containers

    mutating func object(_ body: (inout JSONWriter) throws -> Void) rethrows {
        try container(open: UInt8(ascii: "{"), close: UInt8(ascii: "}"), body)
    }

    mutating func array(_ body: (inout JSONWriter) throws -> Void) rethrows {
        try container(open: UInt8(ascii: "["), close: UInt8(ascii: "]"), body)
    }

    private mutating func container(open: UInt8, close: UInt8, _ body: (inout JSONWriter) throws -> Void) rethrows {
        self.open(open)
        try body(&self)
        self.close(close)
    }

    /// Opens a container (`{` or `[`) that ``close(_:)`` ends: for writers that fill it over several calls.
    mutating func open(_ bracket: UInt8) {
        bytes.append(bracket)
        depth += 1
        isFirst = true
    }

    /// Ends the container ``open(_:)`` began, on a line of its own when it holds anything.
    mutating func close(_ bracket: UInt8) {
        depth -= 1
        if !isFirst { newline() }
        isFirst = false
        bytes.append(bracket)
    }

    /// Starts a member of the current object: separator, indent and `"key": `.
    mutating func key(_ key: String) {
        separate()
        appendString(key)
        bytes.append(UInt8(ascii: ":"))
        if pretty { bytes.append(UInt8(ascii: " ")) }
    }

    /// Starts an element of the current array.
    mutating func element() {
        separate()
    }

    private mutating func separate() {
        if !isFirst { bytes.append(UInt8(ascii: ",")) }
        isFirst = false
        newline()
    }

    private mutating func newline() {
        guard pretty else { return }
        bytes.append(UInt8(ascii: "\n"))
        for _ in 0..<depth { bytes.append(contentsOf: [UInt8(ascii: " "), UInt8(ascii: " ")]) }
    }

    // MARK: Scalars

    mutating func string(_ text: String) {
        appendString(text)
    }

    mutating func bool(_ flag: Bool) {
        bytes.append(contentsOf: (flag ? "true" : "false").utf8)
    }

    mutating func null() {
        bytes.append(contentsOf: "null".utf8)
    }

    mutating func integer(_ number: Int) {
        bytes.append(contentsOf: String(number).utf8)
    }

    /// The shortest text that reads back as the same double; whole numbers without
    /// a fraction (`4`, not `4.0`). JSON has no NaN or infinity: those write `null`.
    mutating func number(_ number: Double) {
        if !number.isFinite {
            null()
        } else if number.rounded() == number, abs(number) <= 9_007_199_254_740_992 {
            // Up to 2^53, where `description` still writes `1000000000000000.0`.
            integer(Int(number))
        } else {
            // `description` gives the shortest digits but pads the exponent (`1e-07`, `1e+20`).
            let text = Array(number.description.utf8)
            guard let e = text.firstIndex(of: UInt8(ascii: "e")) else { return bytes.append(contentsOf: text) }
            bytes.append(contentsOf: text[...e])
            var exponent = text[(e + 1)...]
            if exponent.first == UInt8(ascii: "-") { bytes.append(UInt8(ascii: "-")) }
            exponent = exponent.drop(while: { $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "+") })
            while exponent.count > 1, exponent.first == UInt8(ascii: "0") { exponent = exponent.dropFirst() }
            bytes.append(contentsOf: exponent)
        }
    }

    /// Writes an opaque value back as the JSON it came from.
    mutating func opaque(_ value: OpaqueValue) {
        switch value {
        case .null: null()
        case .bool(let flag): bool(flag)
        case .number(let text): bytes.append(contentsOf: text.utf8)
        case .string(let text): string(text)
        case .array(let elements):
            array { writer in
                for element in elements {
                    writer.element()
                    writer.opaque(element)
                }
            }
        case .object(let members):
            object { writer in
                for member in members {
                    writer.key(member.key)
                    writer.opaque(member.value)
                }
            }
        }
    }

    // MARK: Optional members

    mutating func member(_ key: String, _ text: String?) {
        guard let text else { return }
        self.key(key)
        string(text)
    }

    mutating func member(_ key: String, _ number: Double?) {
        guard let number else { return }
        self.key(key)
        self.number(number)
    }

    /// An array of strings, left out when empty.
    mutating func member(_ key: String, _ texts: [String]) {
        guard !texts.isEmpty else { return }
        self.key(key)
        array { writer in
            for text in texts {
                writer.element()
                writer.string(text)
            }
        }
    }

    /// An array of objects, left out when empty.
    mutating func member<Element>(_ key: String, _ elements: [Element], _ write: (inout JSONWriter, Element) -> Void) {
        guard !elements.isEmpty else { return }
        self.key(key)
        array { writer in
            for element in elements {
                writer.element()
                write(&writer, element)
            }
        }
    }

    /// The `json` bag's members inline, then the other codecs' bags under `extras`.
    /// A bag member named `reserved` is left out: the object already has that key
    /// (an item's own unknown `kind` key when NDJSON writes `kind` first).
    mutating func extras(_ extras: Extras, reserved: String? = nil) {
        for member in extras["json"]?.members ?? [] where member.key != reserved {
            key(member.key)
            opaque(member.value)
        }
        let others = extras.sortedNames.filter { $0 != "json" }
        guard !others.isEmpty else { return }
        key("extras")
        object { writer in
            for name in others {
                writer.key(name)
                writer.opaque(extras[name]!)
            }
        }
    }

    // MARK: Strings

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// Quotes and escapes `text`: `"` and `\`, and control characters as `\n`, `\t`
    /// and friends or `\u00XX`. Everything else, non-ASCII included, goes as UTF-8.
    private mutating func appendString(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { utf8 in
            var runStart = 0
            for index in 0..<utf8.count {
                let byte = utf8[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                runStart = index + 1
                bytes.append(UInt8(ascii: "\\"))
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes.append(byte)
                case 0x0A: bytes.append(UInt8(ascii: "n"))
                case 0x0D: bytes.append(UInt8(ascii: "r"))
                case 0x09: bytes.append(UInt8(ascii: "t"))
                case 0x08: bytes.append(UInt8(ascii: "b"))
                case 0x0C: bytes.append(UInt8(ascii: "f"))
                default:
                    bytes.append(contentsOf: "u00".utf8)
                    bytes.append(Self.hexDigits[Int(byte >> 4)])
                    bytes.append(Self.hexDigits[Int(byte & 0xF)])
                }
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<utf8.count]))
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
