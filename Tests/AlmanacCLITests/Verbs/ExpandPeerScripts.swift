/// The python side of the `expand` peer test: recurring-ical-events over one file.
enum ExpandPeerScripts {
    /// `python -c SCRIPT FILE... FROM TO`: for each file, a JSON array of
    /// `[uid, start, end, summary]` of every occurrence in the window, cancelled ones
    /// (STATUS:CANCELLED) left out; times as `D:date`, `F:floating` or `U:UTC instant`.
    /// A file the peer cannot read gives `null`.
    static let occurrences = """
        import sys, json, datetime
        import icalendar, recurring_ical_events
        def t(v):
            if isinstance(v, datetime.datetime):
                if v.tzinfo is None: return "F:" + v.strftime("%Y-%m-%dT%H:%M:%S")
                return "U:" + v.astimezone(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%S")
            return "D:" + v.isoformat()
        a = datetime.date.fromisoformat(sys.argv[-2]); b = datetime.date.fromisoformat(sys.argv[-1])
        # The peer widens a query by an event's length, but not when the query is in dates
        # (date - timedelta(hours=4) is the same date): an occurrence that starts the day
        # before and reaches into the window would be lost. So ask for a wider window and
        # keep what overlaps [a, b) on each occurrence's own clock.
        def bound(day, like):
            if not isinstance(like, datetime.datetime): return day
            return datetime.datetime(day.year, day.month, day.day, tzinfo=like.tzinfo)
        def overlaps(s, e):
            lo, hi = bound(a, s), bound(b, s)
            return lo <= s < hi if s == e else (s < hi and e > lo)
        result = []
        for path in sys.argv[1:-2]:
            try:
                cal = icalendar.Calendar.from_ical(open(path, "rb").read())
                out = []
                for e in recurring_ical_events.of(cal, components=["VEVENT"]).between(a - datetime.timedelta(days=7), b + datetime.timedelta(days=7)):
                    if str(e.get("STATUS", "")).upper() == "CANCELLED": continue
                    s = e["DTSTART"].dt
                    end = e["DTEND"].dt if "DTEND" in e else (s if isinstance(s, datetime.datetime) else s + datetime.timedelta(days=1))
                    if not overlaps(s, end): continue
                    out.append([str(e.get("UID", "")), t(s), t(end), str(e.get("SUMMARY", ""))])
                result.append(out)
            except Exception as error:
                result.append(None)
        json.dump(result, sys.stdout)
        """
}
