import ChecklistsKit
import Testing

@Suite struct UserLocaleTests {
    func names(_ names: [String], _ env: [String: String]) -> [String] {
        UserLocale(environment: env).sorted(
            names.enumerated().map { Checklist(id: Int64($0.offset), name: $0.element) }
        )
        .map(\.name)
    }

    @Test func sortsNumbersByValue() {
        #expect(names(["List 10", "List 2", "List 1"], ["LANG": "en_US.UTF-8"]) == ["List 1", "List 2", "List 10"])
    }

    @Test func ignoresCase() {
        #expect(names(["banana", "Apple", "cherry"], ["LANG": "en_US.UTF-8"]) == ["Apple", "banana", "cherry"])
    }

    /// LANG unset, C or POSIX (servers, containers, cron): "Banana List Zebra apples cherry" before.
    @Test func ignoresCaseInThePosixLocale() {
        for env in [[:], ["LANG": "C"], ["LANG": "C.UTF-8"], ["LC_ALL": "POSIX"]] {
            #expect(
                names(["Zebra", "apples", "Banana", "cherry", "List", "l 2"], env)
                    == ["apples", "Banana", "cherry", "l 2", "List", "Zebra"], "\(env)")
        }
    }

    @Test func sortsChineseByPinyinUnderAChineseLocale() {
        // zhōng (中), ā (阿), gòu (购), bái (白): pinyin order is a, b, g, z.
        #expect(names(["中文", "阿姨", "购物", "白菜"], ["LANG": "zh_CN.UTF-8"]) == ["阿姨", "白菜", "购物", "中文"])
    }

    @Test func lcAllWinsOverLang() {
        #expect(
            names(["中文", "阿姨", "购物", "白菜"], ["LC_ALL": "zh_CN.UTF-8", "LANG": "C"])
                == ["阿姨", "白菜", "购物", "中文"])
    }

    @Test func readsPosixNames() {
        #expect(UserLocale.identifier(posix: "zh_CN.UTF-8") == "zh_CN")
        #expect(UserLocale.identifier(posix: "de_DE@euro") == "de_DE")
        #expect(UserLocale.identifier(posix: "C") == "en_US_POSIX")
        #expect(UserLocale.identifier(posix: "") == "en_US_POSIX")
    }

    @Test func equalNamesKeepIDOrder() {
        #expect(
            UserLocale(environment: [:]).sorted([Checklist(id: 2, name: "a"), Checklist(id: 1, name: "A")]).map(\.id)
                == [1, 2])
    }

    @Test func knowsWhichTimeZonesExist() {
        for tz in [
            nil, "", "UTC", "Europe/Paris", ":Europe/Paris", "UTC0", "<+03>-3", "EST5EDT", ":/etc/localtime",
            "/usr/share/zoneinfo/Asia/Tokyo", "UTC-14", "UTC+12:00",
        ] {
            #expect(UserLocale.isValidTimeZone(tz), "\(tz ?? "nil")")
        }
        for tz in [
            "Nonsense", "Europe/Nowhere", "/nonexistent", "../../etc/passwd", "UT",
            // A file that is not a zone, and offsets past 24 hours: glibc would use UTC silently.
            "/etc/passwd", ":/etc/hostname", "UTC+99", "EST25", "/dev/zero",
            // Summer-time rules Foundation cannot follow (it would use UTC silently).
            "CET-1CEST", "CET-1CEST,M3.5.0,M10.5.0/3", "EST5EDT,M3.2.0,M11.1.0",
        ] {
            #expect(!UserLocale.isValidTimeZone(tz), "\(tz)")
        }
    }

    /// TZ as glibc reads it, named so that Foundation follows it (it read all of these as UTC).
    @Test func namesTheZoneFoundationFollows() {
        #expect(UserLocale.zoneName(":Europe/Berlin") == "Europe/Berlin")
        #expect(UserLocale.zoneName("/usr/share/zoneinfo/Asia/Kolkata") == "Asia/Kolkata")
        #expect(UserLocale.zoneName(":/usr/share/zoneinfo/posix/Asia/Tokyo") == "Asia/Tokyo")
        #expect(UserLocale.zoneName("JST-9") == "Etc/GMT-9")
        #expect(UserLocale.zoneName("<-03>3") == "Etc/GMT+3")
        #expect(UserLocale.zoneName("UTC0") == "Etc/UTC")
        // Read again, the name given is the same zone (the CLI puts it in TZ for Foundation).
        #expect(UserLocale.zoneName("Etc/GMT-9") == "Etc/GMT-9")
        // No zone file has a fixed offset with minutes: refused rather than read as UTC.
        #expect(UserLocale.zoneName("<+0530>-5:30") == nil)
        #expect(UserLocale.zoneName("Europe/Paris") == "Europe/Paris")
        #expect(UserLocale.zoneName(nil) == "" && UserLocale.zoneName("") == "")
        #expect(UserLocale.zoneName("CET-1CEST") == nil)
    }

    /// `sorted` compares through a CFLocale made once; it must order exactly as `precedes`.
    @Test func sortedAgreesWithPrecedes() {
        let names = ["b2", "B10", "a", "Ä", "ｂ", "item 9", "Item 10", "苹果", "香蕉", "zebra", "Zürich", "ö"]
        let lists = names.enumerated().map { Checklist(id: Int64($0.offset), name: $0.element) }
        for env in [[:], ["LANG": "de_DE.UTF-8"], ["LANG": "zh_CN.UTF-8"], ["LANG": "sv_SE.UTF-8"]] {
            let locale = UserLocale(environment: env)
            let sorted = locale.sorted(lists)
            #expect(Set(sorted.map(\.id)) == Set(lists.map(\.id)))
            for (a, b) in zip(sorted, sorted.dropFirst()) {
                #expect(!locale.precedes(b.name, a.name), "\(env): \(a.name) before \(b.name)")
            }
        }
    }

    /// Above 512 lists `sorted` uses the standard library's sort: the same order.
    @Test func sortsManyListsInOrder() {
        let lists = (0..<600).map { Checklist(id: Int64($0), name: "List \(($0 * 7919) % 600)") }
        let locale = UserLocale(environment: [:])
        let sorted = locale.sorted(lists)
        #expect(sorted.count == 600)
        #expect(sorted.first?.name == "List 0" && sorted.last?.name == "List 599")
        for (a, b) in zip(sorted, sorted.dropFirst()) { #expect(locale.precedes(a.name, b.name)) }
    }
}
