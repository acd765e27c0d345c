import Foundation
import GateSpeedBoard
import GateSpeedIndicators
import GateSpeedSpeech
import GPIODLines
import V4L2Camera
import GateSpeedPlatform

/// `gatespeed say [--wav FILE] TEXT...`
enum SayCommand {
    static func run(_ command: ParsedCommand, log: Log) throws(CommandFailure) {
        let loaded = try Assembly.loadConfig(command, log: log)
        let config = loaded.config
        try Assembly.checkVoice(loaded, log: log)
        let text = command.positionals.joined(separator: " ")
        do {
            try Speech.say(text, voice: Assembly.voice(config), device: config.voice.alsaDevice, wavPath: command.value("--wav"))
        } catch {
            throw CommandFailure(message: "say: \(error)")
        }
    }
}

/// One line on standard output (through `StandardStream`, which survives a closed stdout).
private func printLine(_ line: String) { StandardStream.output.write(line + "\n") }

/// `gatespeed devices`: cameras with formats, sizes and rates; GPIO chips with label and lines.
enum DevicesCommand {
    static func run() {
        let cameras = CameraCatalog.list()
        printLine("Cameras:")
        if cameras.isEmpty { printLine("  none found (no /dev/video* capture device)") }
        for camera in cameras {
            for line in camera.describe().split(separator: "\n") { printLine("  " + line) }
        }
        printLine("GPIO chips:")
        do {
            let chips = try GPIOChipCatalog.list()
            if chips.isEmpty { printLine("  none found (no /dev/gpiochip*)") }
            for chip in chips { printLine("  \(chip.name): \(chip.label), \(chip.lineCount) lines") }
        } catch {
            printLine("  cannot list: \(error)")
        }
    }
}

/// `gatespeed check`: walks the LEDs, speaks the test phrase, waits for the button.
enum CheckCommand {
    static func run(_ command: ParsedCommand, log: Log) throws(CommandFailure) {
        let loaded = try Assembly.loadConfig(command, log: log)
        let config = loaded.config
        try Assembly.checkVoice(loaded, log: log)
        let voice = Assembly.voice(config)
        let speak: (String) -> Void = { text in
            do { try Speech.say(text, voice: voice, device: config.voice.alsaDevice, wavPath: nil) } catch {
                log.warning("speech: \(error) (check the sound card: aplay -l; voice.alsa_device)")
            }
        }
        guard let profile = try Assembly.boardProfile(loaded) else {
            throw CommandFailure(message: "check: board.profile is \"simulated\"; name a real board profile to test the hardware")
        }
        do {
            var lines = try GPIODBoard.open(profile)
            let used = lines.leds.usedLines.map(\.description) + (lines.button.usedLine.map { [$0.description] } ?? [])
            let report = HardwareCheck.run(leds: &lines.leds, button: &lines.button, hardware: used,
                                           speak: speak, pause: { Thread.sleep(forTimeInterval: $0) })
            for line in report.lines { printLine(line) }
            lines.leds.close()
            lines.button.close()
            if !report.passed { throw CommandFailure(message: "check: the button was not pressed") }
        } catch {
            throw CommandFailure(message: "check: \(error)")
        }
    }
}
