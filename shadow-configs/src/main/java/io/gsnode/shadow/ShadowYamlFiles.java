package io.gsnode.shadow;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.databind.exc.ValueInstantiationException;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.deser.DeserializationProblemHandler;
import com.fasterxml.jackson.databind.type.LogicalType;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.lang.reflect.Field;
import java.util.Arrays;
import java.util.List;
import org.yaml.snakeyaml.LoaderOptions;
import java.util.stream.Collectors;

/**
 * {@code shadow.yaml} to and from {@link ShadowYaml.Config}, with Shadow's strictness: unknown
 * keys, duplicate keys, a number where a string belongs (Shadow wants {@code "1"} quoted in
 * {@code args}), a string where a number or a boolean belongs and a decimal where an integer
 * belongs are all errors naming the key's path and line. Strings are written double-quoted, so a
 * value that looks like a number stays a string.
 */
public final class ShadowYamlFiles {

    private static final ObjectMapper MAPPER = mapper();

    private ShadowYamlFiles() {}

    private static ObjectMapper mapper() {
        // SnakeYAML's 3 MiB default refuses a 2,000-host config (4 MB); a config is ours or the user's, never a stranger's.
        LoaderOptions loader = new LoaderOptions();
        loader.setCodePointLimit(Integer.MAX_VALUE);
        YAMLFactory factory = YAMLFactory.builder()
                .loaderOptions(loader)
                .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
                .enable(YAMLGenerator.Feature.INDENT_ARRAYS_WITH_INDICATOR)
                .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
                .build();
        ObjectMapper m = YAMLMapper.builder(factory)
                .serializationInclusion(JsonInclude.Include.NON_NULL)
                .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
                .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
                .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
                .disable(MapperFeature.ALLOW_COERCION_OF_SCALARS)
                .build();
        // A YAML integer or boolean is never a string here: Shadow refuses one where it wants text.
        m.coercionConfigFor(LogicalType.Textual)
                .setCoercion(CoercionInputShape.Integer, CoercionAction.Fail)
                .setCoercion(CoercionInputShape.Float, CoercionAction.Fail)
                .setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail);
        m.addHandler(new DeserializationProblemHandler() {
            @Override
            public boolean handleUnknownProperty(DeserializationContext ctxt, JsonParser p, JsonDeserializer<?> deserializer,
                                                 Object beanOrClass, String propertyName) throws IOException {
                boolean top = beanOrClass == ShadowYaml.Config.class || beanOrClass instanceof ShadowYaml.Config;
                if (!top || !propertyName.startsWith("x-")) return false;
                p.skipChildren();
                return true;
            }
        });
        return m;
    }

    /** The config as YAML, block style, in the records' field order. */
    public static String write(ShadowYaml.Config config) {
        try {
            return MAPPER.writeValueAsString(config);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write a Shadow config", e);
        }
    }

    /**
     * Parses {@code text}. Top-level {@code x-} keys other than ours are skipped, as Shadow deletes them.
     *
     * @throws IllegalArgumentException naming the path, line and rule of the first problem
     */
    public static ShadowYaml.Config read(String text) {
        try {
            ShadowYaml.Config config = MAPPER.readValue(text, ShadowYaml.Config.class);
            if (config == null) throw new IllegalArgumentException("empty YAML document");
            return config;
        } catch (JsonMappingException e) {
            throw new IllegalArgumentException(describe(e), e);
        } catch (JsonProcessingException e) {
            String at = e.getLocation() == null ? "YAML" : "YAML line " + e.getLocation().getLineNr();
            throw new IllegalArgumentException(at + ": " + e.getOriginalMessage(), e);
        }
    }

    private static String describe(JsonMappingException e) {
        String path = e.getPath().stream()
                .map(r -> r.getFieldName() != null ? r.getFieldName() : "[" + r.getIndex() + "]")
                .collect(Collectors.joining(".")).replace(".[", "[");
        if (e instanceof UnrecognizedPropertyException u) {
            String at = path.contains(".") ? path.substring(0, path.lastIndexOf('.')) : "the top level";
            // No line: Jackson reports where it stopped, past the key's value.
            return at + ": unknown key '" + u.getPropertyName() + "' (Shadow rejects unknown fields)";
        }
        String line = e.getLocation() == null ? "" : " (line " + e.getLocation().getLineNr() + ")";
        if (e instanceof ValueInstantiationException && e.getCause() != null) return path + ": " + e.getCause().getMessage() + line;
        if (e instanceof MismatchedInputException m) {
            if (m.getOriginalMessage().startsWith("Missing required")) return path + " is required";
            Class<?> type = m.getTargetType();
            if (m instanceof InvalidFormatException f && type != null && type.isEnum()) {
                return path + " must be one of " + choices(type) + ", was '" + f.getValue() + "'" + line;
            }
            if (type == String.class) return path + " must be a string (quote it)" + line;
            if (type == Boolean.class || type == boolean.class) return path + " must be true or false" + line;
            if (type == Integer.class || type == Long.class || type == int.class || type == long.class) {
                return path + " must be an integer" + line;
            }
        }
        String what = e.getOriginalMessage();
        int cut = what.indexOf('\n');
        return path + ": " + (cut < 0 ? what : what.substring(0, cut)) + line;
    }

    /** An enum's names as written, from each constant's {@code @JsonProperty}. */
    private static List<String> choices(Class<?> type) {
        return Arrays.stream(type.getFields()).filter(Field::isEnumConstant)
                .map(f -> f.getAnnotation(JsonProperty.class) == null ? f.getName() : f.getAnnotation(JsonProperty.class).value())
                .toList();
    }
}
