import Foundation
import TestSupport
import Testing

/// The built binary speaks the user's language: Simplified Chinese under `LANG=zh_CN.UTF-8`,
/// English under `C` and `en_US`, from the catalogues compiled beside it (po/*.po).
@Suite struct TranslationCLITests {
    let dir = TemporaryDirectory()

    func cli(_ language: [String: String]) throws -> CLIRunner {
        try Catalogues.compiledBesideBinary()
        return CLIRunner(home: dir.appending("home"), environment: language)
    }

    static let chinese = ["LANG": "zh_CN.UTF-8"]

    @Test func overviewCountsAndMessagesInChinese() throws {
        try #require(Catalogues.hasLocale("zh_CN.utf8"), "zh_CN.UTF-8 is not installed: run `make bootstrap`")
        let cli = try cli(Self.chinese)
        // The first list is named in the language of the process that made the store.
        #expect(try cli.run("lists").stdout.contains("清单  没有条目"))
        // The icon by its name in the user's language, as the Icon Picker shows it (it was English).
        #expect(try cli.run("list", "add", "杂货").stdout == "已添加清单 2：· 杂货（无图标）\n")
        #expect(try cli.run("list", "add", "假期", "--icon", "trips").stdout.hasSuffix("假期（旅行）\n"))
        let added = try cli.run("item", "add", "杂货", "牛奶")
        #expect(added.stdout == "已将条目 0 添加到 杂货：[ ] 0  牛奶\n")
        try cli.run("item", "add", "杂货", "鸡蛋")
        #expect(try cli.run("lists").stdout.contains("杂货  还剩 2 项"))
        #expect(try cli.run("items", "杂货").stdout.hasPrefix("· 杂货 — 还剩 2 项\n"))
        try cli.run("item", "check", "0")
        #expect(try cli.run("item", "check", "1").stdout == "已勾选条目 1：[✓] 1  鸡蛋\n")
        #expect(try cli.run("lists").stdout.contains("杂货  全部完成！"))
        // Scripts read the same words in every language.
        let lists = try #require(try cli.json("lists") as? [[String: Any]])
        #expect(Set(lists.compactMap { $0["status"] as? String }) == ["No Items", "All Done!"])
    }

    @Test func errorsInChinese() throws {
        try #require(Catalogues.hasLocale("zh_CN.utf8"), "zh_CN.UTF-8 is not installed: run `make bootstrap`")
        let cli = try cli(Self.chinese)
        let missing = try cli.run("items", "没有这个")
        #expect(missing.status == 1)
        #expect(missing.stderr == "checklists: 没有清单“没有这个”。\n")
        let bad = try cli.run("item", "check", "abc")
        #expect(bad.status == 2)
        #expect(bad.stderr == "checklists: 条目 ID 必须是数字，而不是“abc”（请参阅 'checklists item check --help'）\n")
        // What is wrong with a file to import, in Chinese around the reader's own terms.
        let backup = dir.appending("b.json")
        try #"{"format":"checklists-backup","version":1,"lists":"x"}"#.write(
            toFile: backup, atomically: true, encoding: .utf8)
        let refused = try cli.run("import", backup)
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("：不是有效的 Checklists 备份：lists has the wrong type；未导入任何内容。"), "\(refused.stderr)")
    }

    /// The notification's text is made when the reminder is scheduled, in the user's language.
    @Test func reminderTextInChinese() throws {
        try #require(Catalogues.hasLocale("zh_CN.utf8"), "zh_CN.UTF-8 is not installed: run `make bootstrap`")
        let cli = try cli(Self.chinese)
        try cli.run("list", "add", "杂货")
        try cli.run("item", "add", "杂货", "牛奶", "--due", "2030-01-02 09:30", "--remind")
        #expect(try cli.run("reminders").stdout == "2030年1月2日 09:30  牛奶  (杂货 · 2030年1月2日 09:30 到期)\n")
        try cli.run("settings", "item-text", "off")
        #expect(try cli.run("reminders").stdout.contains("Checklists 提醒  (2030年1月2日 09:30 到期)"))
        #expect(try cli.run("agent", "status").stdout.contains("1 条提醒待发。"))
    }

    /// A due date typed as the app shows it under zh_CN (`2030年1月2日 09:30`) is read back as the
    /// same date; Chinese days and relative words are read, and a day that does not exist is
    /// refused in one line with exit 2.
    @Test func readsDueDatesAsChineseWritesThem() throws {
        try #require(Catalogues.hasLocale("zh_CN.utf8"), "zh_CN.UTF-8 is not installed: run `make bootstrap`")
        let cli = try cli(Self.chinese.merging(["TZ": "Asia/Shanghai"]) { $1 })
        try cli.run("list", "add", "杂货")
        let added = try cli.run("item", "add", "杂货", "牛奶", "--due", "2030年1月2日 09:30")
        #expect(added.stdout == "已将条目 0 添加到 杂货：[ ] 0  牛奶  （2030年1月2日 09:30 到期）\n")
        let shown = try #require(added.stdout.split(separator: "（").last?.split(separator: " 到期").first)
        let again = try cli.run("item", "edit", "0", "--due", String(shown))
        #expect(again.stdout == "已保存条目 0：[ ] 0  牛奶  （2030年1月2日 09:30 到期）\n")
        #expect(try cli.run("item", "edit", "0", "--due", "2030年12月24日18:00").stdout.contains("2030年12月24日 18:00"))
        #expect(try cli.run("item", "edit", "0", "--due", "２０３０年１２月２５日　８：００").stdout.contains("2030年12月25日 08:00"))
        #expect(try cli.run("item", "edit", "0", "--due", "明天 9:00").status == 0)
        // As people type it: numerals, an hour with 点 after a period of the day.
        let typed = try cli.run("item", "edit", "0", "--due", "二〇三〇年十二月二十四日下午三点半")
        #expect(typed.stdout.contains("2030年12月24日 15:30"), "\(typed.stderr)")
        for text in ["2030年13月1日", "2030年2月30日", "12月32日", "99999999999999999999年", "年"] {
            let refused = try cli.run("item", "edit", "0", "--due", text)
            #expect(refused.status == 2, "\(text)")
            #expect(refused.stderr.hasPrefix("checklists: 无法识别日期“\(text)”。"), "\(text)")
            #expect(refused.stderr.filter { $0 == "\n" }.count == 1, "\(text)")
            #expect(!refused.stderr.contains("Fatal error"), "\(text)")
        }
    }

    /// The forms a refusal and `item add --help` list are in Chinese, sentence by sentence.
    /// Fails until po/zh_CN.po translates DueDate.acceptedForms's messages.
    @Test func acceptedDateFormsInChinese() throws {
        try #require(Catalogues.hasLocale("zh_CN.utf8"), "zh_CN.UTF-8 is not installed: run `make bootstrap`")
        let cli = try cli(Self.chinese)
        try cli.run("list", "add", "杂货")
        let refused = try cli.run("item", "add", "杂货", "牛奶", "--due", "明年")
        // Words, not lines: the help wraps at 80 columns.
        let help = try cli.run("item", "add", "--help").stdout.split(whereSeparator: \.isWhitespace).joined(
            separator: " ")
        for english in [
            "Use a day", "A day is", "are read where", "Chinese dates", "A time is", "A day alone", "A time alone",
            "From now", "Years 1900",
        ] {
            #expect(!refused.stderr.contains(english), "\(english)")
            #expect(!help.contains(english), "\(english)")
        }
        #expect(refused.stderr.contains("2026年12月24日"))
    }

    /// Chinese has one plural form (nplurals=1); English has two, and 1 takes the singular.
    @Test func pluralsInBothLanguages() throws {
        try #require(Catalogues.hasLocale("zh_CN.utf8"), "zh_CN.UTF-8 is not installed: run `make bootstrap`")
        let chinese = try cli(Self.chinese)
        try chinese.run("list", "add", "一")
        try chinese.run("item", "add", "一", "甲")
        #expect(try chinese.run("list", "delete", "一").stdout == "已删除“一”及其中的 1 个条目。\n")
        try chinese.run("list", "add", "二")
        #expect(try chinese.run("item", "add", "二", "-", stdin: "甲\n乙\n丙\n").stdout.hasPrefix("已向 二 添加 3 个条目：\n"))
        #expect(try chinese.run("list", "delete", "二").stdout == "已删除“二”及其中的 3 个条目。\n")

        let english = try cli(["LANG": "C.UTF-8"])
        try english.run("list", "add", "One")
        try english.run("item", "add", "One", "a")
        #expect(try english.run("list", "delete", "One").stdout == "Deleted \"One\" and its 1 item.\n")
        try english.run("list", "add", "Two")
        #expect(try english.run("item", "add", "Two", "-", stdin: "a\nb\n").stdout.hasPrefix("Added 2 items to Two:\n"))
        #expect(try english.run("list", "delete", "Two").stdout == "Deleted \"Two\" and its 2 items.\n")
    }

    @Test(arguments: [["LANG": "C"], ["LANG": "C.UTF-8"], ["LANG": "en_US.UTF-8"], ["LANG": "POSIX"]])
    func englishOutsideChinese(_ language: [String: String]) throws {
        let cli = try cli(language)
        #expect(try cli.run("lists").stdout.contains("List  No Items"))
        #expect(try cli.run("list", "add", "Trips").stdout == "Added list 2: · Trips (No Icon)\n")
        #expect(try cli.run("item", "add", "Trips", "Pack").stdout == "Added item 0 to Trips: [ ] 0  Pack\n")
        #expect(try cli.run("lists").stdout.contains("Trips  1 Remaining"))
        #expect(try cli.run("items", "Nowhere").stderr == "checklists: No list \"Nowhere\".\n")
    }

    /// `LC_ALL` wins over `LANG`, as everywhere on Linux; `LC_MESSAGES` alone is enough.
    @Test func localeVariablesTakePrecedenceAsUsual() throws {
        try #require(Catalogues.hasLocale("zh_CN.utf8"), "zh_CN.UTF-8 is not installed: run `make bootstrap`")
        let english = try cli(["LANG": "zh_CN.UTF-8", "LC_ALL": "C.UTF-8"])
        #expect(try english.run("lists").stdout.contains("No Items"))
        let chinese = try cli(["LANG": "C.UTF-8", "LC_MESSAGES": "zh_CN.UTF-8"])
        #expect(try chinese.run("lists").stdout.contains("没有条目"))
    }

    /// The terminal UI's switches (Settings) say On and Off in the user's language: they were
    /// English words in an otherwise Chinese screen. "On" needs its zh_CN entry ("开启") in
    /// po/zh_CN.po; "Off" has one ("关闭").
    @Test func settingsSwitchesInChineseInTheTerminalUI() throws {
        try #require(Catalogues.hasLocale("zh_CN.utf8"), "zh_CN.UTF-8 is not installed: run `make bootstrap`")
        let cli = try cli(Self.chinese)
        try cli.run("lists")
        // Notifications are off and their item text on until changed.
        var env = cli.environment
        env["TERM"] = "xterm"
        env["LINES"] = "24"
        env["COLUMNS"] = "80"
        let tui = try PtySession([CLIRunner.binary], environment: env)
        try tui.expect("? 帮助")
        tui.send("4")
        let seen = try tui.expect("在通知中显示文字")
        tui.send("q")
        #expect(try tui.wait() == 0)
        let shown = seen + tui.transcript
        #expect(shown.contains("[关闭  ○]"))
        #expect(!shown.contains("[Off") && !shown.contains("On]"), "\(shown)")
        #expect(shown.contains("[●  开启]"), "needs msgid \"On\" in po/zh_CN.po")
    }
}

/// The compiled catalogues beside the binary under test, and the system's locales.
enum Catalogues {
    private static let compiled: Result<Void, CatalogueError> = {
        let directory = URL(fileURLWithPath: CLIRunner.binary).resolvingSymlinksInPath().deletingLastPathComponent()
        // What `make build` does; `swift build` alone does not, so the tests make sure.
        let result = try? CLIRunner.execute(
            "/bin/sh", ["\(Rig.root)/scripts/po.sh", "compile", directory.appendingPathComponent("locale").path],
            environment: ["PATH": "/usr/bin:/bin"])
        guard let result, result.status == 0 else { return .failure(CatalogueError(message: result?.stderr ?? "")) }
        return .success(())
    }()

    static func compiledBesideBinary() throws { try compiled.get() }

    /// Whether `locale -a` lists `name` (spelled as it does, e.g. "zh_CN.utf8").
    static func hasLocale(_ name: String) -> Bool {
        let result = try? CLIRunner.execute("/usr/bin/locale", ["-a"], environment: ["PATH": "/usr/bin:/bin"])
        return result?.stdout.split(separator: "\n").contains { $0 == name } ?? false
    }
}

struct CatalogueError: Error {
    let message: String
}
