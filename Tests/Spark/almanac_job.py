"""almanac as a streaming stage of Apache Spark (pyspark, tested with 4.3.0).

Reads an NDJSON file of recipes and events, pipes each partition through the `almanac` binary
(`RDD.pipe`), and writes every item that came through to OUTPUT/items/ (Spark part files) and
what almanac reported about them to OUTPUT/findings.ndjson, one JSON object a line:

    {"id": ..., "kind": ..., "rule": ..., "severity": "error"|"warning", "message": ...,
     "partition": P, "line": N}

`severity` is the rule's own (as `almanac rules` lists it): an "error" finding marks an invalid
item. The stage is

    almanac convert -f ndjson -t ndjson --warn RULE,RULE,...

with every rule that is an error by default turned into a warning: almanac then writes every item
it reads, valid or not, item by item in the order of its input (memory flat however long the
partition), and reports each finding on standard error as `<stdin>:LINE:COLUMN: warning: MESSAGE
[RULE]`. `RDD.pipe` keeps only standard output, so the stage runs under a small `sh` wrapper that
sends almanac's standard error to a temporary file and prints it, each line tagged, after the
items; the job maps each finding's LINE to the item on that line of the partition. A line almanac
cannot read (broken JSON, an item without its title) stops the partition (exit 65): the job then
fails with almanac's message and status 1; nothing is dropped silently.

Usage:
    python almanac_job.py --almanac PATH --input FILE.ndjson --output FOLDER [--partitions N]

Prints one JSON line of counts and seconds on standard output. Exit status 0 when every item came
through (whatever findings there are); 1 when almanac stopped on a partition; 64 on bad usage.
"""

import argparse
import json
import os
import re
import shlex
import subprocess
import sys
import time

# Spark in local mode on the loopback only, with no web UI.
os.environ.setdefault("SPARK_LOCAL_IP", "127.0.0.1")
os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
os.environ.setdefault("PYSPARK_DRIVER_PYTHON", sys.executable)

from pyspark import SparkConf, SparkContext, StorageLevel  # noqa: E402

# Lines of almanac's standard error, as the wrapper prints them after the items.
TAG = "#almanac "
# `<stdin>:LINE:COLUMN: SEVERITY: MESSAGE [RULE]`, as almanac prints a finding.
FINDING = re.compile(r"^<stdin>:(\d+):(\d+): (warning|error): (.*) \[([a-z0-9-]+)\]$")

# The wrapper: $0 is almanac, $1 the rules to report as warnings.
WRAPPER = (
    'e=$(mktemp) || exit 74; '
    '"$0" convert -f ndjson -t ndjson --warn "$1" 2>"$e"; s=$?; '
    'sed "s/^/' + TAG + '/" "$e"; rm -f "$e"; exit "$s"'
)


class AlmanacStopped(Exception):
    """almanac could not read a partition; the message is what it printed."""


def rules(almanac):
    """The rules `almanac rules` lists, as {id: default severity}."""
    listing = subprocess.run([almanac, "rules"], check=True, capture_output=True, text=True).stdout
    return {line.split()[0]: line.split()[1] for line in listing.splitlines() if line.strip()}


def stage_command(almanac, error_rules):
    """The command `RDD.pipe` runs for each partition."""
    return " ".join(shlex.quote(word) for word in ["/bin/sh", "-c", WRAPPER, almanac, ",".join(error_rules)])


def split_partition(severities):
    """A function for `mapPartitionsWithIndex` over the stage's output: ("item", line) for each
    item and ("finding", json) for each finding, with the id of the item it is about."""

    def split(index, rows):
        ids = []  # the id and kind of the item on each line of this partition's input
        stopped = []  # what almanac printed that is not a finding
        try:
            for row in rows:
                if not row.startswith(TAG):
                    item = json.loads(row)
                    ids.append((item.get("id"), item.get("kind")))
                    yield ("item", row)
                    continue
                text = row[len(TAG):]
                found = FINDING.match(text)
                if not found or int(found.group(1)) > len(ids):
                    stopped.append(text)
                    continue
                line, column, _, message, rule = found.groups()
                item_id, kind = ids[int(line) - 1]
                yield ("finding", json.dumps({
                    "id": item_id, "kind": kind, "rule": rule,
                    "severity": severities.get(rule, "warning"), "message": message,
                    "partition": index, "line": int(line), "column": int(column),
                }))
        except Exception as error:  # almanac exited non-zero (RDD.pipe's checkCode)
            raise AlmanacStopped(f"partition {index}: " + ("; ".join(stopped) or str(error))) from None
        if stopped:
            raise AlmanacStopped(f"partition {index}: " + "; ".join(stopped))

    return split


def run(almanac, source, output, partitions):
    severities = rules(almanac)
    error_rules = sorted(rule for rule, severity in severities.items() if severity == "error")
    command = stage_command(almanac, error_rules)
    conf = (SparkConf().setMaster("local[2]").setAppName("almanac")
            .set("spark.driver.host", "127.0.0.1").set("spark.driver.bindAddress", "127.0.0.1")
            .set("spark.ui.enabled", "false").set("spark.ui.showConsoleProgress", "false"))
    context = SparkContext(conf=conf)
    context.setLogLevel("ERROR")
    try:
        started = time.monotonic()
        environment = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "TMPDIR": os.environ.get("TMPDIR", "/tmp")}
        # README example begins
        lines = context.textFile("file://" + os.path.abspath(source), minPartitions=partitions)
        tagged = (lines.filter(lambda line: line.strip() != "")
                  .pipe(command, env=environment, checkCode=True)  # almanac once per partition
                  .mapPartitionsWithIndex(split_partition(severities))  # ("item", line) or ("finding", json)
                  .persist(StorageLevel.MEMORY_AND_DISK))  # so almanac runs once, not once per action
        items = tagged.filter(lambda pair: pair[0] == "item").values()
        items.saveAsTextFile("file://" + os.path.abspath(os.path.join(output, "items")))
        findings = tagged.filter(lambda pair: pair[0] == "finding").values().collect()
        # README example ends
        count = items.count()
        seconds = time.monotonic() - started
        with open(os.path.join(output, "findings.ndjson"), "w", encoding="utf-8") as file:
            file.writelines(finding + "\n" for finding in findings)
        invalid = {json.loads(finding)["id"] for finding in findings if json.loads(finding)["severity"] == "error"}
        return {"items": count, "findings": len(findings), "invalid": len(invalid),
                "partitions": lines.getNumPartitions(), "seconds": round(seconds, 1), "command": command}
    finally:
        context.stop()


def main():
    parser = argparse.ArgumentParser(description="Pipe an NDJSON file through almanac with Spark.")
    parser.add_argument("--almanac", required=True, help="the almanac binary")
    parser.add_argument("--input", required=True, help="an NDJSON file of recipes and events")
    parser.add_argument("--output", required=True, help="a folder for items/ and findings.ndjson")
    parser.add_argument("--partitions", type=int, default=4)
    try:
        arguments = parser.parse_args()
    except SystemExit:
        sys.exit(64)
    os.makedirs(arguments.output, exist_ok=True)
    try:
        summary = run(os.path.abspath(arguments.almanac), arguments.input, arguments.output, arguments.partitions)
    except Exception as error:
        # Spark hands back the worker's exception inside its own; keep almanac's words.
        text = str(error)
        found = re.search(r"AlmanacStopped: (.*)", text)
        print("almanac_job: error: " + (found.group(1) if found else text), file=sys.stderr)
        sys.exit(1)
    print(json.dumps(summary))


if __name__ == "__main__":
    main()
