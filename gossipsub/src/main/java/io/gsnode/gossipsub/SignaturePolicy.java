package io.gsnode.gossipsub;

import java.util.Locale;

/**
 * How messages are authored and checked (docs/wire.md §7.4, docs/arms.md §5.1).
 *
 * <ul>
 *   <li>{@link #STRICT_SIGN}: every message carries from, seqno, signature (and key when the
 *       peer id does not inline it); unsigned or badly signed messages are rejected.</li>
 *   <li>{@link #STRICT_NO_SIGN}: Ethereum's policy; the author fields are absent and messages that
 *       carry any of them are rejected.</li>
 *   <li>{@link #LAX_NO_SIGN}: the report's harness (go's LaxNoSign); our messages carry from and
 *       seqno but no signature, and we accept messages with or without author fields, without
 *       checking a signature.</li>
 * </ul>
 */
public enum SignaturePolicy {
    STRICT_SIGN,
    STRICT_NO_SIGN,
    LAX_NO_SIGN;

    public static SignaturePolicy parse(String text) {
        return switch (text.toLowerCase(Locale.ROOT).replace("-", "").replace("_", "")) {
            case "strictsign" -> STRICT_SIGN;
            case "strictnosign" -> STRICT_NO_SIGN;
            case "laxnosign" -> LAX_NO_SIGN;
            default -> throw new IllegalArgumentException(
                    "unknown signature policy '" + text + "'; use strict-sign, strict-no-sign or lax-no-sign");
        };
    }
}
