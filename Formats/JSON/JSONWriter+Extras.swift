import AlmanacCore
import AlmanacJSONKit

extension JSONWriter {
    /// The `json` bag's members inline, then the other codecs' bags under `extras`.
    /// A bag member named `reserved` is left out: the object already has that key
    /// (an item's own unknown `kind` key when NDJSON writes `kind` first).
    mutating func extras(_ extras: Extras, reserved: String? = nil) {
        guard let only = extras.entries.first else { return }
        // One bag, the usual case, needs no lookup and no sorting.
        let own = extras.entries.count == 1 ? (only.key == "json" ? only.value : nil) : extras["json"]
        for member in own?.members ?? [] where member.key != reserved {
            key(member.key)
            opaque(member.value)
        }
        guard extras.entries.count > (own == nil ? 0 : 1) else { return }
        fixedKey("extras")
        object { writer in
            guard extras.entries.count > 1 else {
                writer.key(only.key)
                writer.opaque(only.value)
                return
            }
            for name in extras.sortedNames where name != "json" {
                writer.key(name)
                writer.opaque(extras[name]!)
            }
        }
    }
}
