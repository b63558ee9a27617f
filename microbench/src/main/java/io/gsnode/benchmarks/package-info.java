/** JMH benchmarks of the hot code; run them with {@code scripts/jmh.sh}. */
package io.gsnode.benchmarks;
