/// The list of codecs the CLI and library users choose from, by name, alias or file extension.
public struct FormatRegistry: Sendable {
    /// The codecs, in the order `almanac formats` lists them.
    public let codecs: [any FormatCodec]
    /// The index in ``codecs`` of each extension's codec (a lookup per input file stays cheap).
    private let byExtension: [String: Int]

    /// A registry of `codecs`. Names, aliases and extensions must not clash.
    public init(_ codecs: [any FormatCodec]) {
        var seenNames: Set<String> = []
        var byExtension: [String: Int] = [:]
        for (index, codec) in codecs.enumerated() {
            let format = codec.format
            for name in [format.name] + format.aliases {
                precondition(seenNames.insert(name).inserted, "format name \(name) is registered twice")
            }
            for fileExtension in format.extensions {
                precondition(byExtension.updateValue(index, forKey: fileExtension) == nil, "extension .\(fileExtension) is registered twice")
            }
        }
        self.codecs = codecs
        self.byExtension = byExtension
    }

    /// The codec with this name or alias (case-insensitive).
    public func codec(named name: String) -> (any FormatCodec)? {
        codecs.first { $0.format.isNamed(name) }
    }

    /// The codec that claims the extension of `path` (case-insensitive), or `nil`.
    public func codec(forPath path: String) -> (any FormatCodec)? {
        guard let fileExtension = Self.fileExtension(of: path) else { return nil }
        return byExtension[fileExtension].map { codecs[$0] }
    }

    /// The lower-cased extension of the last path component, without the dot.
    public static func fileExtension(of path: String) -> String? {
        if let ascii = asciiFileExtension(of: path) { return ascii.isEmpty ? nil : ascii }
        let name = path.split(separator: "/", omittingEmptySubsequences: false).last ?? Substring(path)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        let fileExtension = name[name.index(after: dot)...]
        return fileExtension.isEmpty ? nil : fileExtension.lowercased()
    }

    /// ``fileExtension(of:)`` of an ASCII path, found on its bytes (`""` for none), or `nil`
    /// when the path is not ASCII: then a `/` or `.` may be part of a larger character, and
    /// the path is split by its characters. In ASCII only `\r\n` is one character of two
    /// bytes, so the last `/` and `.` bytes are the last such characters.
    private static func asciiFileExtension(of path: String) -> String? {
        var path = path
        return path.withUTF8 { bytes -> String? in
            var dot: Int?
            var nameStart = 0
            for index in bytes.indices.reversed() {
                let byte = bytes[index]
                if byte >= 0x80 { return nil }
                if byte == UInt8(ascii: "/") { nameStart = index + 1; break }
                if byte == UInt8(ascii: "."), dot == nil { dot = index }
            }
            // The rest must be ASCII too (a `/` or `.` before it is never part of a longer character then).
            for index in 0..<nameStart where bytes[index] >= 0x80 { return nil }
            guard let dot, dot != nameStart, dot + 1 < bytes.count else { return "" }
            var lowered = [UInt8](UnsafeBufferPointer(rebasing: bytes[(dot + 1)...]))
            for index in lowered.indices where lowered[index] >= UInt8(ascii: "A") && lowered[index] <= UInt8(ascii: "Z") {
                lowered[index] += 32
            }
            return String(decoding: lowered, as: UTF8.self)
        }
    }
}
