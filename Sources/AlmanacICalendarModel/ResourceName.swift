import AlmanacCore

/// A calendar object resource's file name (without extension) made from its UID, as
/// vdirsyncer names the files of a vdir: the UID itself when it is made of letters,
/// digits and `_ . - + @` only. Any other byte of its UTF-8 (`/`, `:`, a space, `%`,
/// non-ASCII), and a leading `.`, is percent-encoded (`%2F`), so that distinct UIDs get
/// distinct names and every name is one safe path component. A name longer than 200
/// bytes keeps its first 150 and ends in a hash of the whole UID (file systems allow 255).
public enum ResourceName {
    /// The longest name kept whole.
    static let longest = 200

    /// The file name for `uid`.
    public static func name(for uid: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        for byte in uid.utf8 {
            if isSafe(byte) && !(bytes.isEmpty && byte == UInt8(ascii: ".")) {
                bytes.append(byte)
            } else {
                bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            }
        }
        if bytes.isEmpty { return "%00" }
        guard bytes.count > longest else { return String(decoding: bytes, as: UTF8.self) }
        var cut = 150
        // Never end inside a %XX escape.
        while cut > 0, bytes[cut - 1] == UInt8(ascii: "%") || (cut > 1 && bytes[cut - 2] == UInt8(ascii: "%")) { cut -= 1 }
        return String(decoding: bytes[..<cut], as: UTF8.self) + "-" + StableID.make(from: uid.utf8, salt: "vdir")
    }

    private static func isSafe(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        case UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "@"):
            return true
        default:
            return false
        }
    }

    /// Names for the resources of one folder: UIDs that differ only in case (which a
    /// case-insensitive file system would take for one file) get `~2`, `~3`, … after the second.
    struct Names {
        private var taken: Set<String> = []

        mutating func name(for uid: String) -> String {
            let base = ResourceName.name(for: uid)
            var name = base
            var count = 1
            while !taken.insert(name.lowercased()).inserted {
                count += 1
                name = "\(base)~\(count)"
            }
            return name
        }
    }
}
