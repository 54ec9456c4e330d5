/// Where an object is in the input (`events[2].tasks[0]`, `line 3`), as messages and
/// generated ids name it: kept as its steps and spelled (``text``) only when one of them
/// needs it, so that reading an object that is right costs no text for its path.
final class JSONPath: Sendable {
    private enum Step {
        /// A path given as it is spelled.
        case text(String)
        /// Element `index` of the document's array `name` (`events[2]`), or of a bare array when `name` is empty.
        case item(String, Int)
        /// The item on NDJSON line `number`.
        case line(Int)
        /// The object of a field of the parent (`….color`).
        case field(JSONField)
        /// Element `index` of an array field of the parent (`….tasks[0]`).
        case element(JSONField, Int)
    }

    private let parent: JSONPath?
    private let step: Step

    private init(parent: JSONPath?, step: Step) {
        self.parent = parent
        self.step = step
    }

    /// A path spelled `text` (`""` for the document itself).
    convenience init(_ text: String) {
        self.init(parent: nil, step: .text(text))
    }

    /// Element `index` of the document's array `name` (`events[2]`; `[2]` when `name` is empty).
    static func item(_ name: String, _ index: Int) -> JSONPath {
        JSONPath(parent: nil, step: .item(name, index))
    }

    /// The item on NDJSON line `number` (`line 3`).
    static func line(_ number: Int) -> JSONPath {
        JSONPath(parent: nil, step: .line(number))
    }

    /// The object that field `key` of this path's object holds.
    func field(_ key: JSONField) -> JSONPath {
        JSONPath(parent: self, step: .field(key))
    }

    /// Element `index` of the array that field `key` of this path's object holds.
    func element(_ key: JSONField, _ index: Int) -> JSONPath {
        JSONPath(parent: self, step: .element(key, index))
    }

    /// The path as messages spell it.
    var text: String {
        switch step {
        case .text(let text): return text
        case .item(let name, let index): return "\(name)[\(index)]"
        case .line(let number): return "line \(number)"
        case .field(let key): return parent?.text(of: key) ?? key.name
        case .element(let key, let index): return "\(parent?.text(of: key) ?? key.name)[\(index)]"
        }
    }

    /// The path of field `key` of this path's object: `events[2].title`, or `title` alone
    /// when this path is empty (the document).
    func text(of key: JSONField) -> String {
        let text = self.text
        return text.isEmpty ? key.name : "\(text).\(key.name)"
    }
}
