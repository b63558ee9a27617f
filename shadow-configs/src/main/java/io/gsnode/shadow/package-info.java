/** Shadow configurations that run the gsnode binary as Shadow hosts, generated from a topology. */
package io.gsnode.shadow;
