package io.gsnode.node.cli;

import io.gsnode.formats.units.Quantities;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * The options' converters for sizes and times ({@link Quantities}: {@code 1MiB}, {@code 250ms},
 * {@code 8s}; docs/README.md, "One vocabulary").
 */
public final class Units {

    private Units() {}

    /** An {@code int} size option. */
    public static final class IntBytes implements ITypeConverter<Integer> {
        @Override
        public Integer convert(String value) {
            try {
                return Quantities.intBytes(value);
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException(e.getMessage());
            }
        }
    }

    /** A {@code long} size option. */
    public static final class LongBytes implements ITypeConverter<Long> {
        @Override
        public Long convert(String value) {
            try {
                return Quantities.bytes(value);
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException(e.getMessage());
            }
        }
    }

    /** A time option in milliseconds (bare numbers are milliseconds). */
    public static final class Millis implements ITypeConverter<Long> {
        @Override
        public Long convert(String value) {
            try {
                return Quantities.millis(value, 1);
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException(e.getMessage());
            }
        }
    }

    /** A time option in seconds (bare numbers are seconds; {@code 90s}, {@code 10m} read as such). */
    public static final class Seconds implements ITypeConverter<Long> {
        @Override
        public Long convert(String value) {
            long ms;
            try {
                ms = Quantities.millis(value, 1000);
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException(e.getMessage());
            }
            if (ms % 1000 != 0) throw new TypeConversionException("'" + value + "' is not a whole number of seconds");
            return ms / 1000;
        }
    }
}
