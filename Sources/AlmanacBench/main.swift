#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// # almanac-bench
///
/// Benchmarks almanac against its peers on inputs it generates, in release builds only:
///
/// ```sh
/// swift build -c release && .build/release/almanac-bench all --size 30
/// ```
///
/// That one command (about 8 minutes on a 2-core machine) generates, in `/tmp/almanac-bench`:
///
/// - `events.ics`, a calendar of `--size` megabytes (30 MB: about 20,000 events and
///   60,000 VTODOs), written directly as iCalendar text: zoned (with VTIMEZONEs),
///   UTC and all-day times, RRULEs, escaped multi-line Unicode descriptions folded
///   at 75 octets, categories, colors, a VALARM per event and three related VTODOs;
/// - the same events as `events.json`, `.ndjson`, `.md` and `.xml`, written by
///   almanac's own codecs (a format the registry lacks is skipped, and said so);
/// - recipes of about the same size with ingredient groups (some nested), fractions,
///   notes and long direction sections, as `recipes.md`, `.json`, `.ndjson`, `.xml`,
///   and `recipes/` with one recipe per file (`--recipe-files`, default 2,000);
/// - for the flat-memory runs, 10 MB and `--large` MB (default 200) of events as
///   `.ics` and `.ndjson`, streamed to disk at any size (try `--large 1000`).
///
/// Then it runs the `almanac` binary next to it (or `--almanac PATH`) as a subprocess
/// under `/usr/bin/time -v`, with each peer on the same file in the same run, and
/// prints time, throughput (input MB / wall second, decimal megabytes), peak memory
/// ("Maximum resident set size") and the ratio to the peer:
///
/// | target | almanac | peer |
/// | --- | --- | --- |
/// | ics → json ≥ 100× the peer's parse, peak < 1/10 | `convert events.ics -t json -o …` | python icalendar 7.3.0 `Calendar.from_ical`, `to_ical`, timed apart in one process (`.venv`) |
/// | markdown → json ≥ 50× | `convert recipes/*.md -t json -o …` | recipemd 5.0.0: its parser and `to_json` over the folder in one process, and `recipemd -j` once per file on `--cli-sample` files |
/// | xml → json ≥ 75% | `convert events.xml -t json -o …` | `xmllint --stream --noout` (a bare xmlTextReader pass); pending while no xml codec is registered |
/// | json → ics, json → md ≥ 100 MB/s | `convert events.json -t ics` / `-t md`, `recipes.json -t md` | none |
/// | streaming, peak within 2× | ics → ndjson and ndjson → every writer, 10 MB against `--large` MB | none |
///
/// Each almanac command runs `--runs` times (default 3) and the fastest run counts.
/// The peers come from `Tests/peers-requirements.txt`
/// (`python3 -m venv .venv && .venv/bin/pip install -r Tests/peers-requirements.txt`);
/// without them (or with `--no-peers`) only almanac's own figures are printed.
/// The run ends with a `## Targets` list: each target met or MISSED, with its figures.
///
/// `almanac-bench shapes [--size MB] [--runs N] [--timeout SECONDS] [--readers LIST]` runs
/// every reader on its ordinary input and on hostile shapes of it (one-line JSON and XML,
/// tiny and 1 MB ndjson lines, one huge Markdown paragraph or ics DESCRIPTION, minified
/// pages) at 1×, 4× and 16× `--size` (default 3 MB), each `almanac convert FILE -t ndjson`
/// to /dev/null, stopped after `--timeout` seconds (default 120), and prints whether
/// 16× costs within 20× of 1× and every shape within 1.5× of the ordinary one.
///
/// `almanac-bench generate [--dir DIR] [--events N | --megabytes MB] [--recipes N]`
/// writes the inputs only, for profiling, e.g.
/// `valgrind --tool=callgrind .build/release/almanac convert /tmp/almanac-bench/events.json -t json -o /dev/null`.

do {
    try BenchCommand(arguments: Array(CommandLine.arguments.dropFirst())).run()
} catch {
    let message = Array("almanac-bench: \(error)\n".utf8)
    _ = message.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    exit(1)
}
