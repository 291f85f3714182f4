package dev.kafkaconnector.io.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SecretsTest {
  @Test
  void credentialPropertiesAreSecret() {
    for (String key :
        List.of(
            "sasl.jaas.config",
            "ssl.truststore.password",
            "ssl.keystore.password",
            "ssl.key.password",
            "ssl.keystore.key",
            "basic.auth.user.info",
            "schema.registry.basic.auth.user.info",
            "sasl.oauthbearer.client.secret",
            "bearer.auth.token",
            "SSL.KEYSTORE.PASSWORD")) {
      assertTrue(Secrets.isSecretProperty(key), key);
      assertTrue(Secrets.isSecretOption("properties." + key), "properties." + key);
    }
  }

  @Test
  void addressesLocationsAndMechanismsAreShown() {
    for (String key :
        List.of(
            "bootstrap.servers",
            "security.protocol",
            "sasl.mechanism",
            "ssl.truststore.location",
            "ssl.truststore.type",
            "ssl.keystore.location",
            "group.id")) {
      assertFalse(Secrets.isSecretProperty(key), key);
    }
    assertFalse(Secrets.isSecretOption("topic"));
    assertFalse(Secrets.isSecretOption("scan.startup.mode"));
  }

  @Test
  void redactOptionsMasksEverySecretValueAndKeepsTheOrder() {
    Map<String, String> options = new LinkedHashMap<>();
    options.put("topic", "t");
    options.put("properties.basic.auth.user.info", "alice:canary");
    options.put("properties.ssl.key.password", "canary2");
    options.put("properties.bootstrap.servers", "b:9092");
    assertEquals(
        "{topic=t, properties.basic.auth.user.info=******, properties.ssl.key.password=******,"
            + " properties.bootstrap.servers=b:9092}",
        Secrets.redactOptions(options).toString());
  }

  @Test
  void maskJaasKeepsTheLoginAndMasksEverySecretOption() {
    assertEquals(
        "m.ScramLoginModule required username=\"alice\" password=\"******\";",
        Secrets.maskJaas("m.ScramLoginModule required username=\"alice\" password=\"p\\\"w\";"));
    assertEquals(
        "m required clientId=\"app\" clientSecret=\"******\" Password=******;",
        Secrets.maskJaas("m required clientId=\"app\" clientSecret=\"s\" Password=bare;"));
    assertEquals(
        List.of("p", "bare"), Secrets.jaasSecretValues("m required password=\"p\" token=bare;"));
  }

  @Test
  void registryCredentialsAreSecretInEveryScopeAndUrlUserInfoIsMasked() {
    assertTrue(Secrets.isSecretOption("avro-confluent.basic-auth.user-info"));
    assertTrue(Secrets.isSecretOption("key.avro-confluent.ssl.keystore.password"));
    assertTrue(Secrets.isSecretOption("value.avro-confluent.properties.basic.auth.user.info"));
    assertFalse(Secrets.isSecretOption("avro-confluent.properties.auto.register.schemas"));
    assertFalse(Secrets.isSecretOption("avro-confluent.subject"));
    assertEquals(
        Map.of("avro-confluent.url", "http://******@registry:8081,http://other:8081"),
        Secrets.redactOptions(
            Map.of("avro-confluent.url", "http://u:hunter2@registry:8081,http://other:8081")));
  }

  @Test
  void undeclaredKeysAreSecretByTheirName() {
    assertTrue(Secrets.isSecretKey("avro-confluent.basic-auth.user-info"));
    assertTrue(Secrets.isSecretKey("value.avro-confluent.bearer-auth.token"));
    assertTrue(Secrets.isSecretKey("properties.sasl.jaas.config"));
    assertFalse(Secrets.isSecretKey("primary-key"));
    assertFalse(Secrets.isSecretKey("topic"));
    assertFalse(Secrets.isSecretKey("default-database"));
  }
}
