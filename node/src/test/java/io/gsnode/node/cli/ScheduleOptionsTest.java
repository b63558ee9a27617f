package io.gsnode.node.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gsnode.node.run.Schedule;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

class ScheduleOptionsTest {

    @Command(name = "some-command")
    static final class SomeCommand {
        @Mixin
        ScheduleOptions instants = new ScheduleOptions(1, 2, 3, 4);
    }

    @Test
    void eachCommandKeepsItsOwnDefaultsAndShowsThemInItsHelp() {
        SomeCommand c = new SomeCommand();
        CommandLine cl = new CommandLine(c);
        cl.parseArgs("--publish-at", "30");
        Schedule s = c.instants.from(1_000);
        assertEquals(1_001, s.dialMs());
        assertEquals(1_002, s.subscribeMs());
        assertEquals(1_030, s.publishMs());
        assertEquals(Duration.ofMillis(4), s.hold());
        assertTrue(cl.getUsageMessage().contains("Subscribe instant, ms after T0 (default: 2)"), cl.getUsageMessage());
    }

    @Test
    void instantsOutOfOrderAreRefusedWithTheRule() {
        ScheduleOptions o = new ScheduleOptions(0, 5_000, 4_000, 1_000);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> o.from(0));
        assertTrue(e.getMessage().contains("need dial-at <= subscribe-at < publish-at"), e.getMessage());
    }
}
