package io.gsnode.shadow;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonValue;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import io.gsnode.formats.record.Build;
import java.util.List;
import java.util.Map;

/**
 * The part of Shadow 3.3.0's config schema (<a href="https://shadow.github.io/docs/guide/shadow_config_spec.html">its
 * spec</a>) that gsnode writes and checks, as records: {@link ShadowYamlFiles} writes them and reads
 * them back with every unknown key refused, as Shadow's own parser does. What one field cannot say
 * about itself (a time before {@code stop_time}, a host on a node of the graph) is
 * {@link ShadowConfigValidator}'s.
 *
 * <p>Field names are Java's camel case, written in Shadow's snake case; absent optional fields are
 * {@code null} and left out of the file.
 */
public final class ShadowYaml {

    private ShadowYaml() {}

    /**
     * A whole {@code shadow.yaml}. Shadow deletes top-level {@code x-} keys before it parses;
     * {@code x-gsnode} is ours and is read back as strictly as the rest.
     */
    public record Config(
            @JsonProperty("x-gsnode") Provenance provenance,
            @JsonProperty(required = true) General general,
            @JsonProperty(required = true) Network network,
            Experimental experimental,
            @JsonProperty("host_option_defaults") HostOptions hostOptionDefaults,
            @JsonProperty(required = true) Map<String, Host> hosts) {}

    /** What the cell is, for people and tools reading the directory later; Shadow ignores it. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record Provenance(String schema, String topology, int n, long topologySeed, String scenario, String arm,
                             int payloadBytes, String transport, String quicEngine, String qdisc, String graph, long graphEdges,
                             long latencyMinUs, long latencyMaxUs, long epochMs, long dialAtMs, long subscribeAtMs,
                             long publishAtMs, long holdMs, String record, Build build) {}

    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record General(@JsonProperty(required = true) ShadowQuantity.Time stopTime, Long seed, Integer parallelism,
                          ShadowQuantity.Time bootstrapEndTime, LogLevel logLevel, ShadowQuantity.Time heartbeatInterval,
                          String dataDirectory, String templateDirectory, Boolean progress,
                          Boolean modelUnblockedSyscallLatency) {}

    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record Network(@JsonProperty(required = true) Graph graph, Boolean useShortestPath) {}

    /** The network graph; gsnode writes and checks GML files only, never {@code inline} graphs. */
    public record Graph(@JsonProperty(required = true) GraphType type, GraphFile file, String inline) {}

    public enum GraphType {
        @JsonProperty("gml") GML,
        @JsonProperty("1_gbit_switch") ONE_GBIT_SWITCH
    }

    public record GraphFile(@JsonProperty(required = true) String path, String compression) {}

    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record Experimental(Qdisc interfaceQdisc, ShadowQuantity.Time runahead, ShadowQuantity.Size socketSendBuffer,
                               ShadowQuantity.Size socketRecvBuffer, Boolean socketSendAutotune, Boolean socketRecvAutotune,
                               Boolean useMemoryManager, Boolean useCpuPinning, Scheduler scheduler, Boolean useWorkerSpinning,
                               Boolean useDynamicRunahead, ShadowQuantity.Time maxUnappliedCpuLatency,
                               ShadowQuantity.Time unblockedSyscallLatency, ShadowQuantity.Time unblockedVdsoLatency,
                               Boolean nativePreemptionEnabled, ShadowQuantity.Time nativePreemptionNativeInterval,
                               ShadowQuantity.Time nativePreemptionSimInterval, StraceLoggingMode straceLoggingMode,
                               Boolean useNewTcp, Boolean usePreloadLibc, Boolean usePreloadOpensslRng,
                               Boolean usePreloadOpensslCrypto, Boolean useSyscallCounters, Boolean useObjectCounters,
                               Boolean useSchedFifo, Boolean reportErrorsToStderr) {

        /** The fields gsnode sets; Shadow's defaults for the rest. */
        static Experimental of(Qdisc qdisc, ShadowQuantity.Time runahead, ShadowQuantity.Size sendBuffer,
                               ShadowQuantity.Size recvBuffer, boolean sendAutotune, boolean recvAutotune,
                               boolean useMemoryManager) {
            return new Experimental(qdisc, runahead, sendBuffer, recvBuffer, sendAutotune, recvAutotune, useMemoryManager,
                    null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null,
                    null);
        }
    }

    public enum Scheduler {
        @JsonProperty("thread-per-core") THREAD_PER_CORE,
        @JsonProperty("thread-per-host") THREAD_PER_HOST
    }

    public enum StraceLoggingMode {
        @JsonProperty("off") OFF,
        @JsonProperty("standard") STANDARD,
        @JsonProperty("deterministic") DETERMINISTIC
    }

    public enum LogLevel {
        @JsonProperty("error") ERROR,
        @JsonProperty("warning") WARNING,
        @JsonProperty("info") INFO,
        @JsonProperty("debug") DEBUG,
        @JsonProperty("trace") TRACE
    }

    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record HostOptions(LogLevel logLevel, Boolean pcapEnabled, ShadowQuantity.Size pcapCaptureSize) {}

    /**
     * One host. {@code bandwidth_up}/{@code bandwidth_down} are read only so that the validator can
     * refuse them with the reason: Shadow 3.3.0 ignores the first and applies the second both ways.
     */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record Host(@JsonProperty(required = true) Long networkNodeId, String ipAddr, String bandwidthDown,
                       String bandwidthUp, HostOptions hostOptions, @JsonProperty(required = true) List<Process> processes) {}

    /**
     * One process of a host. {@code args} in the list form only (Shadow also takes one string that
     * it splits like a shell; gsnode never writes it).
     */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record Process(@JsonProperty(required = true) String path, List<String> args, Map<String, String> environment,
                          ShadowQuantity.Time startTime, ShadowQuantity.Time shutdownTime, Signal shutdownSignal,
                          FinalState expectedFinalState) {}

    /** A signal as Shadow takes one: {@code SIGNAME} or a number 1..31. */
    public record Signal(@JsonValue String text) {

        public Signal {
            if (!text.matches("SIG[A-Z0-9]+|[1-9]|[12][0-9]|3[01]")) {
                throw new IllegalArgumentException("'" + text + "' is not SIGNAME or a number 1..31");
            }
        }

        @JsonCreator
        static Signal of(String text) {
            return new Signal(text);
        }

        @JsonCreator
        static Signal of(int number) {
            return new Signal(Integer.toString(number));
        }
    }

    /**
     * How a process must end: {@code {exited: N}} or {@code {signaled: SIGNAL}}. Shadow's third
     * form, {@code running}, is not read: a gsnode host always ends before {@code stop_time}.
     */
    public record FinalState(Integer exited, Signal signaled) {

        public FinalState {
            if ((exited == null) == (signaled == null)) throw new IllegalArgumentException("give exactly one of exited and signaled");
            if (exited != null && (exited < 0 || exited > 255)) throw new IllegalArgumentException("exited must be 0..255, was " + exited);
        }

        public static FinalState exitedWith(int code) {
            return new FinalState(code, null);
        }

        @JsonCreator
        static FinalState of(@JsonProperty("exited") Integer exited, @JsonProperty("signaled") Signal signaled) {
            return new FinalState(exited, signaled);
        }
    }
}
