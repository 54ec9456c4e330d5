/// The Python programs the peer tests run with the real `icalendar` 7.3.0.
enum PeerScripts {
    /// Reads a calendar from standard input and prints, as JSON, every VEVENT and
    /// VTODO as the peer understands it. Times: `D:2026-12-24` (a date),
    /// `U:2026-12-24T16:00:00` (an instant, in UTC), `F:2026-12-24T17:00:00` (floating).
    static let summarize = #"""
        import json, sys, datetime
        import icalendar

        def when(prop):
            if prop is None:
                return None
            value = prop.dt
            if isinstance(value, datetime.datetime):
                if value.tzinfo is None:
                    return "F:" + value.strftime("%Y-%m-%dT%H:%M:%S")
                return "U:" + value.astimezone(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%S")
            return "D:" + value.isoformat()

        def text(component, name):
            value = component.get(name)
            return None if value is None else str(value)

        def categories(component):
            found = []
            value = component.get("CATEGORIES")
            for item in (value if isinstance(value, list) else [value] if value is not None else []):
                found.extend(str(cat) for cat in item.cats)
            return found

        cal = icalendar.Calendar.from_ical(sys.stdin.buffer.read())
        out = {"events": [], "todos": []}
        for event in cal.walk("VEVENT"):
            rrule = event.get("RRULE")
            out["events"].append({
                "uid": text(event, "UID"), "summary": text(event, "SUMMARY"),
                "start": when(event.get("DTSTART")), "end": when(event.get("DTEND")),
                "location": text(event, "LOCATION"), "description": text(event, "DESCRIPTION"),
                "url": text(event, "URL"), "categories": categories(event),
                "rrule": rrule.to_ical().decode() if rrule is not None else None,
                "dtstamp": event.get("DTSTAMP") is not None, "color": text(event, "COLOR"),
            })
        for todo in cal.walk("VTODO"):
            out["todos"].append({
                "uid": text(todo, "UID"), "summary": text(todo, "SUMMARY"), "status": text(todo, "STATUS"),
                "parent": text(todo, "RELATED-TO"),
                "reltype": (todo.get("RELATED-TO").params.get("RELTYPE") if todo.get("RELATED-TO") is not None else None),
                "dtstamp": todo.get("DTSTAMP") is not None,
            })
        json.dump(out, sys.stdout, ensure_ascii=False)
        """#

    /// Reads a calendar from standard input and writes it back as the peer serializes it.
    static let reserialize = #"""
        import sys
        import icalendar
        cal = icalendar.Calendar.from_ical(sys.stdin.buffer.read())
        sys.stdout.buffer.write(cal.to_ical())
        """#

    /// Builds a calendar with the peer's own API and prints it.
    static let build = #"""
        import sys, datetime, zoneinfo
        import icalendar

        cal = icalendar.Calendar()
        cal.add("PRODID", "-//peer//icalendar//EN")
        cal.add("VERSION", "2.0")
        cal.add("X-WR-CALNAME", "Peer calendar")

        party = icalendar.Event()
        party.add("UID", "party@peer.test")
        party.add("DTSTAMP", datetime.datetime(2026, 1, 1, tzinfo=datetime.timezone.utc))
        party.add("SUMMARY", "Party; with, punctuation\nand a second line")
        party.add("DTSTART", datetime.datetime(2026, 12, 12, 15, 0, tzinfo=zoneinfo.ZoneInfo("America/Los_Angeles")))
        party.add("DTEND", datetime.datetime(2026, 12, 12, 19, 0, tzinfo=zoneinfo.ZoneInfo("America/Los_Angeles")))
        party.add("LOCATION", "Maya's place, Portland")
        party.add("DESCRIPTION", "Surprise!\nKeep it quiet.")
        party.add("CATEGORIES", ["Birthday", "Family, close"])
        party.add("RRULE", {"FREQ": "YEARLY", "BYMONTH": 12, "BYMONTHDAY": 12})
        party.add("URL", "https://example.com/party")
        party.add("COLOR", "tomato")
        party.add("X-CUSTOM", "kept")
        alarm = icalendar.Alarm()
        alarm.add("ACTION", "DISPLAY")
        alarm.add("DESCRIPTION", "Soon")
        alarm.add("TRIGGER", datetime.timedelta(minutes=-30))
        party.add_component(alarm)
        cal.add_component(party)

        for uid, summary, status in [("cups@peer.test", "Cups", "COMPLETED"), ("cake@peer.test", "Cake ☕", "NEEDS-ACTION")]:
            todo = icalendar.Todo()
            todo.add("UID", uid)
            todo.add("DTSTAMP", datetime.datetime(2026, 1, 1, tzinfo=datetime.timezone.utc))
            todo.add("SUMMARY", summary)
            todo.add("STATUS", status)
            todo.add("RELATED-TO", "party@peer.test", parameters={"RELTYPE": "PARENT"})
            cal.add_component(todo)

        camp = icalendar.Event()
        camp.add("UID", "camp@peer.test")
        camp.add("DTSTAMP", datetime.datetime(2026, 1, 1, tzinfo=datetime.timezone.utc))
        camp.add("SUMMARY", "Camping")
        camp.add("DTSTART", datetime.date(2027, 1, 15))
        camp.add("DTEND", datetime.date(2027, 1, 18))
        cal.add_component(camp)

        call = icalendar.Event()
        call.add("UID", "call@peer.test")
        call.add("DTSTAMP", datetime.datetime(2026, 1, 1, tzinfo=datetime.timezone.utc))
        call.add("SUMMARY", "Call")
        call.add("DTSTART", datetime.datetime(2026, 12, 19, 2, 0, tzinfo=datetime.timezone.utc))
        call.add("DURATION", datetime.timedelta(hours=1, minutes=30))
        cal.add_component(call)

        eve = icalendar.Event()
        eve.add("UID", "eve@peer.test")
        eve.add("DTSTAMP", datetime.datetime(2026, 1, 1, tzinfo=datetime.timezone.utc))
        eve.add("SUMMARY", "Countdown")
        eve.add("DTSTART", datetime.datetime(2026, 12, 31, 23, 30))
        eve.add("DTEND", datetime.datetime(2027, 1, 1, 0, 30))
        cal.add_component(eve)

        chores = icalendar.Todo()
        chores.add("UID", "chores@peer.test")
        chores.add("DTSTAMP", datetime.datetime(2026, 1, 1, tzinfo=datetime.timezone.utc))
        chores.add("SUMMARY", "Chores")
        chores.add("DUE", datetime.date(2027, 2, 1))
        cal.add_component(chores)

        cal.add_missing_timezones()
        sys.stdout.buffer.write(cal.to_ical())
        """#

    /// Prints, for each `.ics` path given, `path<TAB>VEVENT count` (or `ERR`) as the peer reads it.
    static let countEvents = #"""
        import sys, warnings
        import icalendar
        warnings.simplefilter("ignore")
        for path in sys.argv[1:]:
            try:
                with open(path, "rb") as file:
                    calendars = icalendar.Component.from_ical(file.read(), multiple=True)
                print(path + "\t" + str(sum(1 for c in calendars for _ in c.walk("VEVENT"))))
            except Exception as error:
                print(path + "\tERR")
        """#
}
