package io.gsnode.node.cli;

import io.gsnode.formats.units.Quantities;
import java.util.function.Function;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * The options' converters for sizes and times ({@link Quantities}: {@code 1MiB}, {@code 250ms},
 * {@code 8s}; docs/README.md, "One vocabulary"). Each is a {@link Quantities} reading whose refusal
 * becomes picocli's, so the option's name is put in front of the reason.
 */
public final class Units {

    private Units() {}

    /** A converter that reads with {@code read}, its IllegalArgumentException becoming picocli's refusal. */
    private abstract static class Reading<T> implements ITypeConverter<T> {
        private final Function<String, T> read;

        Reading(Function<String, T> read) {
            this.read = read;
        }

        @Override
        public T convert(String value) {
            try {
                return read.apply(value);
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException(e.getMessage());
            }
        }
    }

    /** An {@code int} size option. */
    public static final class IntBytes extends Reading<Integer> {
        public IntBytes() {
            super(Quantities::intBytes);
        }
    }

    /** A {@code long} size option. */
    public static final class LongBytes extends Reading<Long> {
        public LongBytes() {
            super(Quantities::bytes);
        }
    }

    /** A time option in milliseconds (bare numbers are milliseconds). */
    public static final class Millis extends Reading<Long> {
        public Millis() {
            super(v -> Quantities.millis(v, 1));
        }
    }

    /** A time option in seconds (bare numbers are seconds; {@code 90s}, {@code 10m} read as such). */
    public static final class Seconds extends Reading<Long> {
        public Seconds() {
            super(v -> {
                long ms = Quantities.millis(v, 1000);
                if (ms % 1000 != 0) throw new IllegalArgumentException("'" + v + "' is not a whole number of seconds");
                return ms / 1000;
            });
        }
    }
}
