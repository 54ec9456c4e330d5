/// Hands out names that were not handed out before: a name already taken gets `-2`,
/// `-3`, … until it is free (`banana-bread`, then `banana-bread-2`). Used for the files
/// of a folder written one per item.
package struct UniqueNames: Sendable {
    private var used: Set<String>

    /// Names that are never handed out, such as `index`.
    package init(reserved: Set<String> = []) {
        used = reserved
    }

    /// `base`, or `base-N` with the smallest N from 2 that is still free; taken from now on.
    package mutating func claim(_ base: String) -> String {
        var candidate = base
        var number = 2
        while used.contains(candidate) {
            candidate = "\(base)-\(number)"
            number += 1
        }
        used.insert(candidate)
        return candidate
    }
}
