/// The Python programs that time the peers inside one process, so that the
/// interpreter's start-up is not counted against them.
enum PeerScripts {
    /// python icalendar: `Calendar.from_ical`, then `to_ical`, timed apart (the parse in
    /// wall and in CPU seconds).
    static let icalendar = """
        import sys, time
        from icalendar import Calendar
        with open(sys.argv[1], "rb") as f:
            data = f.read()
        started = time.perf_counter()
        started_cpu = time.process_time()
        calendar = Calendar.from_ical(data)
        parsed = time.perf_counter()
        parsed_cpu = time.process_time()
        text = calendar.to_ical()
        written = time.perf_counter()
        print("parse", parsed - started)
        print("parse-cpu", parsed_cpu - started_cpu)
        print("write", written - parsed)
        print("components", len(calendar.subcomponents))

        """

    /// recipemd's parser and JSON output (what `recipemd -j` does) over every file of a folder.
    static let recipemd = """
        import sys, os, time
        from recipemd.data import RecipeParser
        folder = sys.argv[1]
        names = sorted(n for n in os.listdir(folder) if n.endswith(".md"))
        sources = []
        for name in names:
            with open(os.path.join(folder, name), encoding="utf-8") as f:
                sources.append(f.read())
        parser = RecipeParser()
        started = time.perf_counter()
        out = []
        for source in sources:
            out.append(parser.parse(source).to_json())
        finished = time.perf_counter()
        print("parse", finished - started)
        print("recipes", len(out))

        """

    /// Reads the seconds printed after `label` by one of the scripts.
    static func seconds(_ label: String, in output: String) -> Double? {
        for line in output.split(separator: "\n") {
            let parts = line.split(separator: " ")
            if parts.count == 2, parts[0] == label { return Double(parts[1]) }
        }
        return nil
    }
}
