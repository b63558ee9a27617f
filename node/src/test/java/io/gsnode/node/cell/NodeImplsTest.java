package io.gsnode.node.cell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class NodeImplsTest {

    private static final Path GO = Path.of("/opt/gopeer");

    @Test
    void mixedCellsAlternateFromThePublisher() {
        NodeImpls javaFirst = NodeImpls.of(NodeImpls.Kind.mixed, "java", GO);
        assertEquals("java go java go java", String.join(" ", IntStream.range(0, 5).mapToObj(i -> javaFirst.of(i, 0)).toList()));
        NodeImpls goFirst = NodeImpls.of(NodeImpls.Kind.mixed, "go", GO);
        assertEquals("java go java go java", String.join(" ", IntStream.range(0, 5).mapToObj(i -> goFirst.of(i, 1)).toList()),
                "the publisher (node 1) runs go, its neighbours in index java");
    }

    @Test
    void singleImplementationCells() {
        assertEquals("java", NodeImpls.JAVA.of(3, 0));
        NodeImpls go = NodeImpls.of(NodeImpls.Kind.go, "java", GO);
        assertEquals("go", go.of(0, 0), "a go cell's publisher runs go whatever was asked");
        assertEquals("go", go.of(5, 0));
        assertEquals(null, NodeImpls.of(NodeImpls.Kind.java, "java", GO).goPeer(), "a java cell keeps no go binary");
    }

    @Test
    void refusesWhatCannotRun() {
        assertThrows(IllegalArgumentException.class, () -> NodeImpls.of(NodeImpls.Kind.go, "go", null), "no binary");
        assertThrows(IllegalArgumentException.class, () -> NodeImpls.of(NodeImpls.Kind.mixed, "rust", GO));
        assertThrows(IllegalArgumentException.class, () -> new NodeImpls(NodeImpls.Kind.java, "go", null));
    }
}
