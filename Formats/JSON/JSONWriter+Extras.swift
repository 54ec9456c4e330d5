import AlmanacCore
import AlmanacJSONKit

extension JSONWriter {
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
}
