package io.gsnode.transport.quic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gsnode.transport.quic.QuicConfig.CongestionControl;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

class QuicConfigTest {

    @Test
    void defaultsAreQuicGosWhereTheEngineHonoursThem() {
        QuicConfig d = QuicConfig.DEFAULT;
        assertEquals("netty", d.engine(), "the engine that authenticates inbound dialers in TLS");
        assertEquals(CongestionControl.CUBIC, d.congestionControl());
        assertEquals(32, d.initialWindowPackets());
        assertEquals(1350, d.maxUdpPayload());
        assertEquals(10L << 20, d.streamWindow());
        assertEquals(15L << 20, d.connectionWindow());
    }

    @Test
    void anUnknownEngineIsRefusedWithTheListOfEngines() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> QuicConfig.DEFAULT.withEngine("quinn"));
        assertEquals("unknown QUIC engine 'quinn'; available: kwik, netty", e.getMessage());
    }

    @Test
    void congestionControlParsesTheThreeNamesInAnyCaseAndRefusesOthers() {
        assertEquals(CongestionControl.RENO, CongestionControl.parse("reno"));
        assertEquals(CongestionControl.CUBIC, CongestionControl.parse("CUBIC"));
        assertEquals(CongestionControl.BBR, CongestionControl.parse("Bbr"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> CongestionControl.parse("bbr2"));
        assertEquals("unknown congestion control 'bbr2'; available: reno, cubic, bbr", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> QuicConfig.DEFAULT.withCongestionControl(null));
    }

    @Test
    void initialWindowIsBetweenTwoAnd1024Packets() {
        assertEquals(2, QuicConfig.DEFAULT.withInitialWindowPackets(2).initialWindowPackets());
        assertEquals(1024, QuicConfig.DEFAULT.withInitialWindowPackets(1024).initialWindowPackets());
        IllegalArgumentException low = assertThrows(IllegalArgumentException.class, () -> QuicConfig.DEFAULT.withInitialWindowPackets(1));
        assertEquals("initialWindowPackets must be between 2 and 1024, was 1", low.getMessage());
        assertThrows(IllegalArgumentException.class, () -> QuicConfig.DEFAULT.withInitialWindowPackets(1025));
    }

    @Test
    void maxUdpPayloadIsBetween1200And65527Bytes() {
        assertEquals(1200, QuicConfig.DEFAULT.withMaxUdpPayload(1200).maxUdpPayload());
        assertEquals(65527, QuicConfig.DEFAULT.withMaxUdpPayload(65527).maxUdpPayload());
        IllegalArgumentException low = assertThrows(IllegalArgumentException.class, () -> QuicConfig.DEFAULT.withMaxUdpPayload(1199));
        assertEquals("maxUdpPayload must be between 1200 and 65527 bytes, was 1199", low.getMessage());
        assertThrows(IllegalArgumentException.class, () -> QuicConfig.DEFAULT.withMaxUdpPayload(65528));
    }

    @Test
    void windowsBuffersThreadsAndTimeoutsAreChecked() {
        assertThrows(IllegalArgumentException.class, () -> QuicConfig.DEFAULT.withWindows(65535, 1 << 20));
        assertThrows(IllegalArgumentException.class, () -> QuicConfig.DEFAULT.withWindows(1 << 20, (1 << 20) - 1));
        assertThrows(IllegalArgumentException.class, () -> QuicConfig.DEFAULT.withSocketBuffer(-1));
        assertEquals(0, QuicConfig.DEFAULT.withSocketBuffer(0).socketBuffer(), "0 leaves the OS defaults");
        assertThrows(IllegalArgumentException.class, () -> QuicConfig.DEFAULT.withExecutorThreads(0));
        assertThrows(IllegalArgumentException.class, () -> QuicConfig.DEFAULT.withIdleTimeout(Duration.ofMillis(999)));
    }

    @Test
    void nettySettingsInEffectAreTheConfiguredOnes() {
        QuicConfig config = QuicConfig.DEFAULT.withEngine("netty").withCongestionControl(CongestionControl.BBR)
                .withInitialWindowPackets(20).withMaxUdpPayload(1300).withWindows(1 << 20, 2 << 20).withSocketBuffer(1 << 20);
        Map<String, Object> s = config.settingsInEffect();
        assertEquals("netty", s.get("engine"));
        assertEquals("bbr", s.get("congestionControl"));
        assertEquals(20, s.get("initialWindowPackets"));
        assertEquals(26_000L, s.get("initialWindowBytes"));
        assertEquals(1300, s.get("maxUdpPayload"));
        assertEquals(1L << 20, s.get("streamWindow"));
        assertEquals(2L << 20, s.get("connectionWindow"));
        assertEquals(1 << 20, s.get("socketBuffer"));
        assertEquals(30_000L, s.get("idleTimeoutMs"));
        assertEquals(true, s.get("pacing"));
        assertEquals(512L << 10, s.get("initialStreamWindow"));
        assertEquals(768L << 10, s.get("initialConnectionWindow"));
        assertEquals("required", s.get("clientAuthentication"));
        assertEquals(false, config.withPacing(false).settingsInEffect().get("pacing"));
    }

    @Test
    void windowsStartAtQuicGosInitialValueAndAreCheckedAgainstTheCeiling() {
        assertEquals(512L << 10, QuicConfig.DEFAULT.initialStreamWindow());
        assertEquals(768L << 10, QuicConfig.DEFAULT.initialConnectionWindow());
        assertTrue(QuicConfig.DEFAULT.pacing());
        assertEquals(256L << 10, QuicConfig.DEFAULT.withWindows(256 << 10, 256 << 10).initialStreamWindow(),
                "a ceiling below the initial window lowers it");
        assertEquals(256L << 10, QuicConfig.DEFAULT.withWindows(256 << 10, 256 << 10).initialConnectionWindow(),
                "the connection's initial window stays within its ceiling");
        assertThrows(IllegalArgumentException.class, () -> QuicConfig.DEFAULT.withInitialStreamWindow(65535));
        assertThrows(IllegalArgumentException.class, () -> QuicConfig.DEFAULT.withInitialStreamWindow((10L << 20) + 1));
    }

    @Test
    void kwikSettingsInEffectShowItsFixedCongestionControlWhateverWasAsked() {
        Map<String, Object> s = QuicConfig.DEFAULT.withEngine("kwik").withCongestionControl(CongestionControl.BBR).withInitialWindowPackets(100)
                .settingsInEffect();
        assertEquals("kwik", s.get("engine"));
        assertEquals("newreno", s.get("congestionControl"));
        assertEquals(12_000, s.get("initialWindowBytes"));
        assertEquals(1252, s.get("maxUdpPayload"));
        assertEquals(10L * (10L << 20), s.get("connectionWindowDialed"));
        assertTrue(s.get("clientAuthentication").toString().startsWith("none"));
    }
}
