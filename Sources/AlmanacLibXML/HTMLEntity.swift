import CLibXML2

/// The HTML 4 named character references, from libxml2's own table (`htmlEntityLookup`).
package enum HTMLEntity {
    /// The character `&name;` stands for (`amp` → `&`, case-sensitive), or `nil` when HTML has no such entity.
    package static func scalar(named name: String) -> Unicode.Scalar? {
        guard !name.isEmpty, name.utf8.count < 32 else { return nil }
        guard let entry = name.withCString({ htmlEntityLookup(UnsafeRawPointer($0).assumingMemoryBound(to: xmlChar.self)) }) else { return nil }
        return Unicode.Scalar(entry.pointee.value)
    }
}
