package dev.kafkaconnector.io.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

class StatementSecretsTest {
  private static final String JAAS =
      "org.apache.kafka.common.security.plain.PlainLoginModule required username=\"alice\""
          + " password=\"canary-secret-123\";";
  private static final String JAAS_MASKED =
      "org.apache.kafka.common.security.plain.PlainLoginModule required username=\"alice\""
          + " password=\"******\";";

  @Test
  void flinkWithClauseKeepsTheJaasLoginAndMasksPasswords() {
    String ddl =
        "CREATE TABLE t (id INT) WITH (\n"
            + "  'connector' = 'kafka', 'topic' = 't',\n"
            + "  'properties.sasl.jaas.config' = '"
            + JAAS
            + "',\n"
            + "  'properties.ssl.truststore.password'='canary-trust-456', -- it's the store\n"
            + "  'properties.ssl.truststore.location' = '/etc/trust.jks'\n"
            + ");";
    assertEquals(
        "CREATE TABLE t (id INT) WITH (\n"
            + "  'connector' = 'kafka', 'topic' = 't',\n"
            + "  'properties.sasl.jaas.config' = '"
            + JAAS_MASKED
            + "',\n"
            + "  'properties.ssl.truststore.password'='******', -- it's the store\n"
            + "  'properties.ssl.truststore.location' = '/etc/trust.jks'\n"
            + ");",
        StatementSecrets.mask(ddl));
  }

  @Test
  void tblpropertiesJsonIsMaskedInsideTheLiteral() {
    String ddl =
        "CREATE EXTERNAL TABLE t (id INT) TYPE 'kafka-connector' TBLPROPERTIES '{\"topic\": \"t\","
            + " \"properties.sasl.jaas.config\": \""
            + JAAS.replace("\"", "\\\"")
            + "\","
            + " \"properties.ssl.keystore.password\" : \"canary-key-1\","
            + " \"properties.ssl.key.password\": 12345, \"format\": \"json\","
            + " \"primary-key\": \"id\", \"note\": \"it''s\"}'";
    assertEquals(
        "CREATE EXTERNAL TABLE t (id INT) TYPE 'kafka-connector' TBLPROPERTIES '{\"topic\": \"t\","
            + " \"properties.sasl.jaas.config\": \""
            + JAAS_MASKED.replace("\"", "\\\"")
            + "\","
            + " \"properties.ssl.keystore.password\" : \"******\","
            + " \"properties.ssl.key.password\": \"******\", \"format\": \"json\","
            + " \"primary-key\": \"id\", \"note\": \"it''s\"}'",
        StatementSecrets.mask(ddl));
  }

  @Test
  void catalogPropertiesAndRegistryCredentialsAreMasked() {
    String ddl =
        "CREATE CATALOG kc TYPE 'kafka' PROPERTIES ('properties.bootstrap.servers' = 'b:9092',"
            + " 'value.avro-confluent.basic-auth.user-info' = 'bob:canary-1',"
            + " 'avro-confluent.bearer-auth.token' = 'canary-2',"
            + " 'properties.sasl.jaas.config' = 'x.OAuthBearerLoginModule required"
            + " clientId=\"app\" clientSecret=\"canary-3\";')";
    assertEquals(
        "CREATE CATALOG kc TYPE 'kafka' PROPERTIES ('properties.bootstrap.servers' = 'b:9092',"
            + " 'value.avro-confluent.basic-auth.user-info' = '******',"
            + " 'avro-confluent.bearer-auth.token' = '******',"
            + " 'properties.sasl.jaas.config' = 'x.OAuthBearerLoginModule required"
            + " clientId=\"app\" clientSecret=\"******\";')",
        StatementSecrets.mask(ddl));
  }

  @Test
  void statementsWithoutSecretsAreKeptAsWritten() {
    for (String text :
        new String[] {
          "SELECT id, 'password' AS p FROM orders WHERE name = 'it''s' -- no secret",
          "SET runner = 'FlinkRunner';",
          "!quit",
          "CREATE TABLE t (a INT) WITH ('topic' = 'password', 'format' = 'json')"
        }) {
      assertEquals(text, StatementSecrets.mask(text));
    }
  }

  @Test
  void textWhoseSecretsCannotBeDelimitedIsNotKept() {
    assertNull(StatementSecrets.mask("CREATE TABLE t WITH ('properties.ssl.key.password' = 'abc"));
    assertNull(StatementSecrets.mask("SELECT '{\"properties.ssl.key.password\": \"abc'"));
  }

  @Test
  void aMaskedTextHoldsNoSecret() {
    String masked =
        StatementSecrets.mask(
            "SET 'properties.sasl.jaas.config' = 'm required password=canary-bare;';"
                + " SET 'properties.ssl.truststore.password' = 'canary-set';");
    assertFalse(masked.contains("canary"), masked);
  }
}
