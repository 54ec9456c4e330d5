import AlmanacCore
import AlmanacJSON
import AlmanacTestSupport
import Foundation
import Testing

/// Checks the writers' output against `Formats/JSON/almanac.schema.json` with the real
/// python `jsonschema` package (Draft 2020-12). Skipped when that peer is absent,
/// unless `ALMANAC_REQUIRE_PEERS=1`.
@Suite("JSON Schema")
struct JSONSchemaTests {
    static let samples = ["events.json", "recipes.json"]

    /// Validates JSON read from standard input against the schema at `argv[1]`.
    /// `argv[2]` is `document` (one document) or `ndjson` (each non-blank line against
    /// `$defs/ndjsonItem`). Prints every error and exits 1 when there is any.
    static let validator = #"""
        import json, sys
        from jsonschema import Draft202012Validator

        schema_path, mode = sys.argv[1], sys.argv[2]
        with open(schema_path, encoding="utf-8") as file:
            schema = json.load(file)
        Draft202012Validator.check_schema(schema)
        text = sys.stdin.buffer.read().decode("utf-8")
        if mode == "ndjson":
            schema = {"$schema": schema["$schema"], "$id": schema["$id"],
                      "$defs": schema["$defs"], "$ref": "#/$defs/ndjsonItem"}
            texts = [line for line in text.split("\n") if line.strip()]
        else:
            texts = [text]
        validator = Draft202012Validator(schema)
        failures = 0 if texts else 1
        for number, item in enumerate(texts, 1):
            for error in validator.iter_errors(json.loads(item)):
                failures += 1
                where = "/".join(str(part) for part in error.absolute_path)
                print(f"{mode} {number} at /{where}: {error.message}")
        sys.exit(1 if failures else 0)
        """#

    static let schemaPath = TestPaths.inPackage("Formats/JSON/almanac.schema.json").path

    /// Runs the validator on `bytes`; the result's status is 0 when they match the schema.
    static func validate(_ bytes: [UInt8], mode: String) throws -> ProcessRunner.Result {
        let python = try #require(Peers.python, "no python with jsonschema: see Tests/peers-requirements.txt")
        return try ProcessRunner.run(python, ["-c", validator, schemaPath, mode], stdin: bytes)
    }

    /// A sample file read with the JSON codec, which must not warn about it.
    static func sampleDocument(_ name: String) throws -> AlmanacDocument {
        let bytes = Array(try Data(contentsOf: TestPaths.sample(name)))
        let result = try JSONCodec().decode(bytes, source: name)
        #expect(result.diagnostics.isEmpty, "\(name): \(result.diagnostics)")
        #expect(!result.document.isEmpty, "\(name) holds no item")
        return result.document
    }

    @Test(
        "json output matches the schema",
        .enabled(if: Peers.shouldRun(pythonModule: "jsonschema")),
        arguments: samples, [false, true]
    )
    func documentOutput(sample: String, compact: Bool) throws {
        let document = try Self.sampleDocument(sample)
        let output = try JSONCodec().encode(document, options: EncodingOptions(compact: compact)).bytes
        let result = try Self.validate(output, mode: "document")
        #expect(result.status == 0, "\(sample) (compact: \(compact)):\n\(result.stdoutText)\(result.stderrText)")
    }

    @Test(
        "ndjson output matches $defs/ndjsonItem line by line",
        .enabled(if: Peers.shouldRun(pythonModule: "jsonschema")),
        arguments: samples
    )
    func ndjsonOutput(sample: String) throws {
        let document = try Self.sampleDocument(sample)
        let output = try NDJSONCodec().encode(document, options: EncodingOptions()).bytes
        let lines = output.split(separator: UInt8(ascii: "\n"))
        #expect(lines.count == document.items.count)
        let result = try Self.validate(output, mode: "ndjson")
        #expect(result.status == 0, "\(sample):\n\(result.stdoutText)\(result.stderrText)")
    }

    @Test("the schema takes a fixed ingredient, as the writer writes it", .enabled(if: Peers.shouldRun(pythonModule: "jsonschema")))
    func fixedIngredient() throws {
        let recipe = Recipe(id: "R1", title: "Soup", ingredients: [Ingredient(amount: 1, name: "bay leaf", fixed: true)],
                            ingredientGroups: [IngredientGroup(title: "To serve", ingredients: [Ingredient(unit: "pinch", name: "salt", fixed: true)])])
        let document = AlmanacDocument(recipes: [recipe])
        let output = try JSONCodec().encode(document, options: EncodingOptions()).bytes
        #expect(String(decoding: output, as: UTF8.self).contains("\"fixed\": true"))
        let result = try Self.validate(output, mode: "document")
        #expect(result.status == 0, "\(result.stdoutText)\(result.stderrText)")
        let lines = try NDJSONCodec().encode(document, options: EncodingOptions()).bytes
        let ndjson = try Self.validate(lines, mode: "ndjson")
        #expect(ndjson.status == 0, "\(ndjson.stdoutText)\(ndjson.stderrText)")
    }

    @Test(
        "the schema rejects what the format does not allow",
        .enabled(if: Peers.shouldRun(pythonModule: "jsonschema")),
        arguments: [
            (
                "document",
                #"{"almanac": 1, "recipes": [], "events": [{"id": "E1", "start": "2026-12-24", "allDay": true}]}"#,
                "'title' is a required property"
            ),
            (
                "document",
                #"{"almanac": 2, "recipes": [], "events": []}"#,
                "1 was expected"
            ),
            (
                "document",
                #"{"almanac": 1, "recipes": [{"id": "R1", "title": "Soup", "prepTime": "15 minutes"}], "events": []}"#,
                "does not match"
            ),
            (
                "document",
                #"{"almanac": 1, "recipes": [{"id": "R1", "title": "Soup", "ingredients": [{"name": "salt", "fixed": "yes"}]}], "events": []}"#,
                "is not of type 'boolean'"
            ),
            (
                "ndjson",
                #"{"id": "R1", "title": "Soup"}"#,
                "'kind' is a required property"
            ),
        ]
    )
    func rejects(mode: String, json: String, expected: String) throws {
        let result = try Self.validate(Array(json.utf8), mode: mode)
        #expect(result.status != 0, "the schema accepted \(json)")
        #expect(result.stdoutText.contains(expected), "\(result.stdoutText)\(result.stderrText)")
    }
}
