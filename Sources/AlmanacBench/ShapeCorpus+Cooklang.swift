/// The shapes of the `cooklang` reader: one recipe of many steps, each with ingredients,
/// cookware and a timer in it (the ordinary shape), and the same steps as one paragraph on
/// one line (the hostile one: one step as large as the file).
extension ShapeCorpus {
    func cooklangShapes(_ bytes: Int, base: String) throws -> [Input] {
        let sentences = TextPools.directionSentences
        let markup = ["@flour{250%g}", "@eggs{2}(beaten)", "@sea salt{=1%pinch}", "#mixing bowl{}", "~{10%minutes}", "@milk{1/2%cup}", "#pan"]
        var steps: [String] = []
        var size = 0
        var index = 0
        while size < bytes {
            let step = "Whisk \(markup[index % markup.count]) and \(markup[(index + 3) % markup.count]): " + sentences[index % sentences.count]
            steps.append(step)
            size += step.utf8.count + 2
            index += 1
        }
        let head = "---\ntitle: A very long recipe\nservings: 4\n---\n\n"
        return try [("many steps", "\n\n", "steps"), ("one line", " ", "line")].map { shape, separator, suffix in
            let path = "\(base)-\(suffix).cook"
            let output = try OutputStream(path: path)
            output.write(head)
            for (position, step) in steps.enumerated() {
                if position > 0 { output.write(separator) }
                output.write(step)
            }
            output.write("\n")
            output.close()
            // The one line is longer than the default `--max-line-length`, so the run raises it.
            let arguments = suffix == "line" ? ["--max-line-length", "\(output.written / 1_048_576 + 16)M"] : []
            return Input(shape: shape, path: path, items: 1, bytes: output.written, arguments: arguments)
        }
    }
}
