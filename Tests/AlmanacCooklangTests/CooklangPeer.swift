import AlmanacTestSupport
import Foundation
import Testing

/// `cooklang-bindings` (the bindings of cooklang-rs, the official Cooklang parser), run once
/// over many sources: for each, its ingredients (name, quantity, unit, note, reference) and its
/// steps (their text as cooklang-rs renders it), or the error it gave.
enum CooklangPeer {
    struct Ingredient: Equatable, CustomStringConvertible {
        var name: String
        /// A number, or the quantity's text, or `nil`.
        var number: Double?
        var text: String?
        var unit: String?
        var note: String?
        var reference: String?

        var description: String { "\(name) \(number.map { "\($0)" } ?? text ?? "-") \(unit ?? "-") (\(note ?? "")) [\(reference ?? "")]" }
    }

    struct Reading {
        var ingredients: [Ingredient] = []
        var steps: [String] = []
        var metadata: [String: String] = [:]
        var error: String?
    }

    static var available: Bool { Peers.shouldRun(pythonModule: "cooklang") }

    private static let script = #"""
import json, sys, cooklang
out = []
for source in json.load(sys.stdin):
    try:
        r = cooklang.parse(source)
    except Exception as e:
        out.append({"error": str(e).splitlines()[0] if str(e) else "error"})
        continue
    def quantity(q):
        if q is None or q.value is None:
            return None, None, q.unit if q else None
        if isinstance(q.value, (int, float)):
            return float(q.value), None, q.unit
        return None, str(q.value), q.unit
    ingredients = []
    for i in r.ingredients:
        number, text, unit = quantity(i.quantity)
        ingredients.append({"name": i.name, "number": number, "text": text, "unit": unit, "note": i.note, "reference": i.recipe_reference})
    metadata = {k: (", ".join(v) if isinstance(v, tuple) else str(v)) for k, v in r.metadata.items()}
    out.append({"ingredients": ingredients, "steps": [s.text for s in r.steps], "metadata": metadata})
json.dump(out, sys.stdout)
"""#

    /// What the peer reads from each source.
    static func read(_ sources: [String]) throws -> [Reading] {
        let python = try #require(Peers.python, "no python with cooklang-bindings: see Tests/peers-requirements.txt")
        let input = try JSONSerialization.data(withJSONObject: sources)
        var environment = ProcessInfo.processInfo.environment
        environment["RUST_BACKTRACE"] = "0"
        let result = try ProcessRunner.run(python, ["-c", script], stdin: Array(input), environment: environment)
        try #require(result.status == 0, "the peer failed: \(result.stderrText.prefix(2000))")
        let answers = try #require(JSONSerialization.jsonObject(with: Data(result.stdout)) as? [[String: Any]])
        return answers.map { answer in
            var reading = Reading()
            reading.error = answer["error"] as? String
            reading.steps = answer["steps"] as? [String] ?? []
            reading.metadata = answer["metadata"] as? [String: String] ?? [:]
            reading.ingredients = (answer["ingredients"] as? [[String: Any]] ?? []).map {
                Ingredient(name: $0["name"] as? String ?? "", number: $0["number"] as? Double, text: $0["text"] as? String,
                           unit: $0["unit"] as? String, note: $0["note"] as? String, reference: $0["reference"] as? String)
            }
            return reading
        }
    }
}
