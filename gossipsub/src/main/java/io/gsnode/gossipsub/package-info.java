/** The gossipsub router: one thread owns all state; transports hand it decoded RPCs. */
package io.gsnode.gossipsub;
