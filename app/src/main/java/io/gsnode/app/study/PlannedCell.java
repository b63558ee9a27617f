package io.gsnode.app.study;

import io.gsnode.formats.record.Fingerprint;
import java.util.List;
import java.util.Map;

/**
 * One cell of a study: its directory's name, its point in the study's matrix and the
 * {@code gsnode cell} arguments that run it (all but {@code --out}).
 *
 * @param point every option of the study's matrix and this cell's value of it (null: left out)
 */
public record PlannedCell(String name, Map<String, Object> point, List<String> args) {

    /**
     * The cell's plan key: what it asks for, and of which implementation's version. A rerun skips a
     * cell complete under the same key (docs/studies.md), whatever commit ran it.
     *
     * @param implVersions the versions of the implementations the cell runs (gsnode's, the go peer's)
     */
    public String key(String implVersions) {
        StringBuilder plan = new StringBuilder();
        for (String a : args) plan.append(a).append('\0');
        return Fingerprint.of(plan.append(implVersions).toString());
    }

    /** The value of option {@code key} in this cell, or {@code fallback} when the study leaves it out. */
    public String value(String key, String fallback) {
        Object v = point.get(key);
        return v == null ? fallback : String.valueOf(v);
    }
}
